/// Who a view is about: `{id, name}`.
public struct AccountSummary: Sendable, Equatable, Codable {
    /// The opaque account id.
    public var id: String
    /// The display name.
    public var name: String

    /// Creates a summary.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
