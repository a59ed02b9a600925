/// The answer of `GET /v1/me/devices`.
struct DeviceListResponse: Encodable {
    var devices: [DeviceResource]
}
