/// The body of `PATCH /v1/accounts/{id}/devices/{deviceId}`: `ownTracksTopic` absent (kept), `null`
/// (the phone no longer talks MQTT) or the topic its phone publishes on (`OwnTracksTopic`).
struct DeviceUpdateRequest: Decodable, Sendable {
    let ownTracksTopic: FieldPatch<String>

    private enum CodingKeys: String, CodingKey {
        case ownTracksTopic
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ownTracksTopic = try FieldPatch(.ownTracksTopic, in: container)
    }
}
