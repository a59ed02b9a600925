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
    /// The event's JSON payload, as API responses render it.
    public let payload: [UInt8]

    /// Creates an event.
    public init(kind: Kind, subject: AccountKey, payload: [UInt8]) {
        self.kind = kind
        self.subject = subject
        self.payload = payload
    }
}
