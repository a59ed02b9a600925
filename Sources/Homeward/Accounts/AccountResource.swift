/// An account as the API shows it: `{id, phone, name, createdAt, profile}`, where `profile` holds
/// only the fields that are set. Guardian views, OwnTracks cards and share links render it too.
public struct AccountResource: Encodable, Sendable, Equatable {
    /// The opaque account id.
    public let id: String
    /// The E.164 phone number.
    public let phone: String
    /// The display name.
    public let name: String
    /// When the account was created.
    public let createdAt: Timestamp
    /// The optional profile.
    public let profile: Profile
    /// Whether a profile picture is set (GET /v1/accounts/{id}/avatar serves it).
    public let hasAvatar: Bool

    /// Creates the resource.
    public init(id: String, phone: String, name: String, createdAt: Timestamp, profile: Profile, hasAvatar: Bool) {
        self.id = id
        self.phone = phone
        self.name = name
        self.createdAt = createdAt
        self.profile = profile
        self.hasAvatar = hasAvatar
    }
}
