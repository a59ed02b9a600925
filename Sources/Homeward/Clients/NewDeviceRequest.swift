import HomewardHTTP

/// The body of `POST /v1/me/devices`: `{name, readsOthers?, payloadSecret?}`, the name held to the
/// rule of account names; `readsOthers` (default false) lets the key, sent in a header, read the
/// people the account guards, as OwnTracks shows them as friends; `payloadSecret` is the encryption
/// key typed into OwnTracks, when its payloads are encrypted; `ownTracksTopic` the topic its phone
/// publishes on in MQTT mode (`owntracks/arthur/phone`, `OwnTracksTopic`).
struct NewDeviceRequest: Decodable {
    var name: String
    var readsOthers: Bool?
    var payloadSecret: String?
    var ownTracksTopic: String?

    /// The longest payload secret, in characters (OwnTracks uses at most the first 32 bytes).
    static let maxPayloadSecretCharacters = 255

    /// The payload secret, if any; 400 when empty or too long.
    func validatedPayloadSecret() throws(HTTPError) -> String? {
        guard let payloadSecret else { return nil }
        guard (1...Self.maxPayloadSecretCharacters).contains(payloadSecret.unicodeScalars.count) else {
            throw .invalidRequest("payloadSecret must have 1 to \(Self.maxPayloadSecretCharacters) characters.", field: "payloadSecret")
        }
        return payloadSecret
    }
}
