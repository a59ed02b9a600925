/// The kind of a notification channel besides the signed webhook (`ntfy`, `email`): the name of a
/// `NotificationChannel` in `Channels.all`. The set is open: each channel declares its own kind in
/// its file, and the database keeps the name as text.
public struct ChannelKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name the API and the database use.
    public let rawValue: String

    /// The kind called `rawValue`; nil unless a registered channel declares it.
    public init?(rawValue: String) {
        guard Channels.channel(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// A channel's own kind, declared once in its file.
    init(declaring name: String) {
        rawValue = name
    }

    /// Reads a registered kind's name; any other string is refused as invalid, as an enum's would be.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let kind = ChannelKind(rawValue: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Cannot initialize ChannelKind from invalid String value \(name)")
        }
        self = kind
    }

    /// Writes the name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The name.
    public var description: String { rawValue }

    /// Every kind, in the order of `Channels.all`.
    public static var allCases: [ChannelKind] { Channels.all.map { $0.kind } }
}
