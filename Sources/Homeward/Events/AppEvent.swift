/// Something that happened to one account and that the people watching it should hear about
/// (on their event streams, and for alerts also on their webhooks).
public struct AppEvent: Sendable {
    /// What kind of event this is; the SSE `event:` name.
    public enum Kind: String, Sendable {
        /// A new latest position.
        case location
        /// An alert was raised, changed or resolved.
        case alert
        /// A trip started, progressed, changed state or ended.
        case trip
    }

    /// The kind of event.
    public let kind: Kind
    /// The account the event is about.
    public let subject: AccountKey
    /// The event's JSON payload, as API responses render it (rendered on each use when the event
    /// was made with a renderer).
    public var payload: [UInt8] { render() }

    private let render: @Sendable () -> [UInt8]

    /// Creates an event with its payload.
    public init(kind: Kind, subject: AccountKey, payload: [UInt8]) {
        self.kind = kind
        self.subject = subject
        render = { payload }
    }

    /// Creates an event whose payload is rendered only when someone needs it: a location event
    /// follows every accepted fix, and most have no stream watching their subject.
    public init(kind: Kind, subject: AccountKey, rendering render: @escaping @Sendable () -> [UInt8]) {
        self.kind = kind
        self.subject = subject
        self.render = render
    }
}
