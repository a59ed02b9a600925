/// What a rule or a person asks the `AlertCenter` to raise.
public struct AlertRequest: Sendable, Equatable {
    /// What happened.
    public var type: AlertType
    /// What raised it; at most one active alert per account and cause (e.g. `zone:<id>`).
    public var cause: String
    /// The status to start in: `.open`, or `.pending` for a countdown.
    public var status: AlertStatus = .open
    /// A countdown's firing time.
    public var firesAt: Timestamp?
    /// Text from the person or the rule.
    public var message: String?
    /// Where the person was.
    public var location: AlertResource.Location?
    /// The trip it belongs to.
    public var tripID: String?
    /// What decided it (zone and wandering alerts).
    public var evidence: AlertEvidence?

    /// Creates a request.
    public init(
        type: AlertType, cause: String, status: AlertStatus = .open, firesAt: Timestamp? = nil,
        message: String? = nil, location: AlertResource.Location? = nil, tripID: String? = nil
    ) {
        self.type = type
        self.cause = cause
        self.status = status
        self.firesAt = firesAt
        self.message = message
        self.location = location
        self.tripID = tripID
    }
}
