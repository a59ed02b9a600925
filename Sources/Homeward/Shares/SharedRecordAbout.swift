/// What a share link's page says about the record: `{name, expiresAt}` (whose it is, until when).
struct SharedRecordAbout: Encodable, Sendable {
    /// The name of the person whose record it is.
    let name: String
    /// When the link stops working.
    let expiresAt: Timestamp
}
