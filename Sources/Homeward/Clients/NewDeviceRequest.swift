/// The body of `POST /v1/me/devices`: `{name}`, held to the rule of account names.
struct NewDeviceRequest: Decodable {
    var name: String
}
