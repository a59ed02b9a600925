/// The answer of `POST /v1/me/devices`: the key, shown this once.
struct NewDeviceResponse: Encodable {
    var id: String
    var name: String
    var key: String
    var readsOthers: Bool
    var createdAt: Timestamp
    /// The OwnTracks topic its phone publishes on in MQTT mode; absent when none was given.
    var ownTracksTopic: String? = nil
}
