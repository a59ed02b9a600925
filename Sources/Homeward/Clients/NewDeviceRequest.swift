/// The body of `POST /v1/me/devices`: `{name}`.
struct NewDeviceRequest: Decodable {
    /// Characters a device name may have at most (as the API's `maxLength` counts them).
    static let maxNameCharacters = 100
    var name: String
}
