/// The kind of a notification channel besides the signed webhook (`ntfy`, `email`): the name of a
/// `NotificationChannel` in `Channels.all`. The set is open: each channel declares its own kind in
/// its file, and the database keeps the name as text.
public struct ChannelKind: RegisteredName {
    /// The name the API and the database use.
    public let rawValue: String

    /// A channel's own kind, declared once in its file.
    public init(declaring name: String) {
        rawValue = name
    }

    /// Whether a registered channel declares the kind `name`.
    public static func isRegistered(_ name: String) -> Bool { Channels.channel(named: name) != nil }

    /// Every kind, in the order of `Channels.all`.
    public static var allCases: [ChannelKind] { Channels.all.map { $0.kind } }
}
