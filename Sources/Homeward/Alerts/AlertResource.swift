/// An alert as the API shows it: `{id, type, title, status, account, createdAt, firesAt?, location?,
/// message?, tripId?, acknowledgedBy?, acknowledgedAt?, resolvedAt?, firedLate?, escalation?}`.
public struct AlertResource: Sendable, Codable, Equatable {
    /// An account as an alert names it.
    public struct AccountSummary: Sendable, Codable, Equatable {
        /// Opaque account id.
        public var id: String
        /// Display name.
        public var name: String
    }

    /// Where the person was.
    public struct Location: Sendable, Codable, Equatable {
        /// Latitude in degrees.
        public var lat: Double
        /// Longitude in degrees.
        public var lon: Double
        /// Accuracy in metres, if known.
        public var accuracy: Double?
        /// When the position was taken, when the alert carries the person's last fix (a countdown's
        /// `danger`, so whoever is told knows how old the position is).
        public var t: Timestamp?
    }

    /// How far an unanswered alert has been escalated: `{step, escalatedAt?, nextAt?}`.
    public struct Escalation: Sendable, Codable, Equatable {
        /// How many times it was sent again because nobody acknowledged it (0: not yet).
        public var step: Int
        /// When it was last escalated.
        public var escalatedAt: Timestamp?
        /// When it is escalated next unless someone acknowledges it first.
        public var nextAt: Timestamp?
    }

    /// Opaque alert id.
    public var id: String
    /// What happened.
    public var type: AlertType
    /// The type's short human title (`AlertType.title`), so the web app and other clients show the
    /// server's words; absent only in alerts stored or relayed before it was added.
    public var title: String?
    /// Where the alert is in its life.
    public var status: AlertStatus
    /// The person the alert is about.
    public var account: AccountSummary
    /// When it was created.
    public var createdAt: Timestamp
    /// A countdown's firing time.
    public var firesAt: Timestamp?
    /// True when a countdown fired late, after a restart.
    public var firedLate: Bool?
    /// Where the person was.
    public var location: Location?
    /// Text from the person or the rule.
    public var message: String?
    /// The trip it belongs to.
    public var tripId: String?
    /// The guardian who acknowledged it.
    public var acknowledgedBy: AccountSummary?
    /// When it was acknowledged.
    public var acknowledgedAt: Timestamp?
    /// When its cause ended or it was cancelled.
    public var resolvedAt: Timestamp?
    /// Escalation of an SOS, danger or left_zone alert that nobody has acknowledged; absent for alerts
    /// that do not escalate.
    public var escalation: Escalation?
    /// What decided it (`left_zone` and `wandering` alerts raised by the geo rules).
    public var evidence: AlertEvidence?
    /// When a guardian (or the person) marked it a false alarm.
    public var falseAlarmAt: Timestamp?
    /// What the alert is, in the words people read ("SOS: Dad", "Check cancelled by Dad: all is
    /// well"): the web app shows the server's words.
    public var headline: String?

    /// The stand-in alert a channel's "send a test" carries: about `account` itself, already over.
    init(testAbout account: AccountSummary, at time: Timestamp) {
        id = "test"
        type = .arrived
        title = type.title
        status = .resolved
        self.account = account
        createdAt = time
        resolvedAt = time
    }

    /// The alert `record` as the API shows it.
    init(record: AlertRecord) {
        id = record.id
        type = record.type
        title = record.type.title
        status = record.status
        account = record.account
        createdAt = record.createdAt
        firesAt = record.firesAt
        firedLate = record.firedLate ? true : nil
        if let lat = record.lat, let lon = record.lon {
            location = Location(lat: lat, lon: lon, accuracy: record.accuracyMetres, t: record.locationAt)
        }
        message = record.message
        tripId = record.tripID
        acknowledgedBy = record.acknowledgedBy
        acknowledgedAt = record.acknowledgedAt
        resolvedAt = record.resolvedAt
        if record.escalationStep > 0 || record.escalatesAt != nil {
            escalation = Escalation(step: record.escalationStep, escalatedAt: record.escalatedAt, nextAt: record.escalatesAt)
        }
        evidence = record.evidence
        falseAlarmAt = record.falseAlarmAt
        headline = Self.headline(type: type, status: status, name: account.name)
    }

    /// "SOS: Dad"; a countdown "Check running: Dad" while pending and "Check cancelled by Dad: all is
    /// well" once the person cancelled it.
    static func headline(type: AlertType, status: AlertStatus, name: String) -> String {
        switch (type, status) {
        case (.danger, .cancelled): "Check cancelled by \(name): all is well"
        case (.danger, .pending): "Check running: \(name)"
        default: "\(type.title): \(name)"
        }
    }
}
