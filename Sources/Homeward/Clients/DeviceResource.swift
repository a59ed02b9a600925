/// A device key as `GET /v1/me/devices` lists it: `{id, name, readsOthers, createdAt, lastUsedAt?,
/// ownTracksTopic?}` (never the key).
struct DeviceResource: Encodable {
    var id: String
    var name: String
    var createdAt: Timestamp
    var lastUsedAt: Timestamp?
    /// Whether the key, sent in a header, reads the people its account guards (OwnTracks friends).
    var readsOthers: Bool
    /// The OwnTracks topic the device's phone publishes on in MQTT mode; absent when it has none.
    var ownTracksTopic: String?
}
