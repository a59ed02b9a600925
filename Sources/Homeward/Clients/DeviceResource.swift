/// A device key as `GET /v1/me/devices` lists it: `{id, name, createdAt, lastUsedAt}` (never the key).
struct DeviceResource: Encodable {
    var id: String
    var name: String
    var createdAt: Timestamp
    var lastUsedAt: Timestamp?
}
