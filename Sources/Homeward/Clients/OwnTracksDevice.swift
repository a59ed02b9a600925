/// A device whose phone talks OwnTracks over MQTT: its topic (`owntracks/arthur/phone`), whose it is,
/// and whether it was made to read the people its account guards (its friends).
struct OwnTracksDevice: Sendable, Equatable {
    let id: String
    let topic: String
    let accountKey: AccountKey
    let accountID: String
    let readsOthers: Bool
}
