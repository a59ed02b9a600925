/// Why a notification did not get through on a channel, and whether the channel can ever work again:
/// a push service that no longer knows the browser's subscription (404, 410) ends its channel, so
/// the delivery worker retires it instead of retrying.
public struct ChannelFailure: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for the delivery's `last_error` and the channel's `lastError`.
    public var description: String
    /// True when retrying cannot help: the channel is to be retired.
    public var endsChannel: Bool

    /// Creates a failure.
    public init(_ description: String, endsChannel: Bool = false) {
        self.description = description
        self.endsChannel = endsChannel
    }
}
