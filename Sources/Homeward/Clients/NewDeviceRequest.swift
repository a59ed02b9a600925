/// The body of `POST /v1/me/devices`: `{name}`.
struct NewDeviceRequest: Decodable {
    /// Bytes a device name may have at most.
    static let maxNameBytes = 100
    var name: String
}
