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
        /// A history import progressed or ended: for the person and their guardians.
        case `import`
    }

    /// The kind of event.
    public let kind: Kind
    /// The account the event is about.
    public let subject: AccountKey
    /// The trip the event belongs to (a trip's alerts and progress), which its companions may hear of.
    public let tripID: String?
    /// When what the event is about began (an alert's creation), when that differs from the event's
    /// own time: a viewer whose access began later does not hear of it, even of its later changes.
    public let originAt: Timestamp?
    /// The alert's type, for an alert event (a companion sees a call for help, not every alert).
    public let alertType: AlertType?
    /// The event's JSON payload, as API responses render it (rendered on each use when the event
    /// was made with a renderer).
    public var payload: [UInt8] { render() }

    private let render: @Sendable () -> [UInt8]

    /// Creates an event with its payload.
    public init(
        kind: Kind, subject: AccountKey, tripID: String? = nil, originAt: Timestamp? = nil, alertType: AlertType? = nil,
        payload: [UInt8]
    ) {
        self.kind = kind
        self.subject = subject
        self.tripID = tripID
        self.originAt = originAt
        self.alertType = alertType
        render = { payload }
    }

    /// Creates an event whose payload is rendered only when someone needs it: a location event
    /// follows every accepted fix, and most have no stream watching their subject.
    public init(kind: Kind, subject: AccountKey, tripID: String? = nil, rendering render: @escaping @Sendable () -> [UInt8]) {
        self.kind = kind
        self.subject = subject
        self.tripID = tripID
        originAt = nil
        alertType = nil
        self.render = render
    }
}
