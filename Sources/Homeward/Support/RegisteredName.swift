/// A name from an open set that a registry declares: an alert type (`AlertRules.all`) or a kind of
/// channel (`Channels.all`). Each plug-in declares its own name in its file (`init(declaring:)`);
/// only a registered name is read back from text or JSON, and any other string is refused as
/// invalid, as an enum's raw value would be, so the API answers as it did for a closed set.
public protocol RegisteredName: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible where RawValue == String {
    /// A plug-in's own name, declared once in its file.
    init(declaring name: String)
    /// Whether a registered plug-in declares `name`.
    static func isRegistered(_ name: String) -> Bool
}

extension RegisteredName {
    /// The name `rawValue`; nil unless a registered plug-in declares it.
    public init?(rawValue: String) {
        guard Self.isRegistered(rawValue) else { return nil }
        self.init(declaring: rawValue)
    }

    /// Reads a registered name; any other string is a `dataCorrupted` error at its path.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let value = Self(rawValue: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(name) is not a registered \(Self.self)")
        }
        self = value
    }

    /// Writes the name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The name.
    public var description: String { rawValue }
}
