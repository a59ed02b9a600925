/// A guardian link as the API shows it: `{id, guardian: {id, name}, dependent: {id, name, phone}, createdAt}`.
public struct LinkResource: Encodable, Sendable, Equatable {
    /// The side that watches.
    public struct Guardian: Encodable, Sendable, Equatable {
        /// The guardian's account id.
        public let id: String
        /// The guardian's name.
        public let name: String
    }

    /// The side that is watched.
    public struct Dependent: Encodable, Sendable, Equatable {
        /// The dependent's account id.
        public let id: String
        /// The dependent's name.
        public let name: String
        /// The dependent's E.164 phone number.
        public let phone: String
    }

    /// The opaque link id.
    public let id: String
    /// Who watches.
    public let guardian: Guardian
    /// Who is watched.
    public let dependent: Dependent
    /// When the link was made.
    public let createdAt: Timestamp
}
