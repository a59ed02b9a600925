/// The coding key of a JSON object member by its name: for paths that name a field the types did
/// not, and for reading objects whose members are looked up by name (ingest samples).
public struct JSONMemberKey: CodingKey, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }

    /// The key of the member `name`.
    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
