import HomewardStore

/// An alert as the API shows it: `{id, type, status, account, createdAt, firesAt?, location?,
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

    /// The columns `init(row:)` reads, in order; join `accounts a` (the person) and `accounts g`
    /// (the acknowledging guardian, LEFT JOIN) to `alerts x`.
    static let selection = """
        x.id, x.type, x.status, a.id, a.name, x.created_at_ms, x.fires_at_ms, x.fired_late, x.lat, x.lon,
        x.accuracy_m, x.message, x.trip_id, g.id, g.name, x.acknowledged_at_ms, x.resolved_at_ms, x.location_at_ms,
        x.escalation_step, x.escalated_at_ms, x.escalates_at_ms, x.evidence, x.false_alarm_at_ms
        """

    /// How many columns `selection` has: a query may select more after them.
    static let selectionColumnCount = 23

    /// The FROM clause matching `selection`.
    static let source = """
        alerts x JOIN accounts a ON a.key = x.account_key LEFT JOIN accounts g ON g.key = x.acknowledged_by_key
        """

    /// The stand-in alert a channel's "send a test" carries: about `account` itself, already over.
    init(testAbout account: AccountSummary, at time: Timestamp) {
        id = "test"
        type = .arrived
        status = .resolved
        self.account = account
        createdAt = time
        resolvedAt = time
    }

    /// Reads an alert from a row selected with `selection`.
    init(row: Row) throws {
        id = try row.value(at: 0)
        let typeName: String = try row.value(at: 1)
        let statusName: String = try row.value(at: 2)
        guard let type = AlertType(rawValue: typeName), let status = AlertStatus(rawValue: statusName) else {
            throw DatabaseError(extendedResultCode: 1, message: "unknown alert type or status \(typeName)/\(statusName)")
        }
        self.type = type
        self.status = status
        account = AccountSummary(id: try row.value(at: 3), name: try row.value(at: 4))
        createdAt = Timestamp(unixMilliseconds: try row.value(at: 5))
        firesAt = (try row.value(at: 6) as Int64?).map(Timestamp.init(unixMilliseconds:))
        firedLate = try row.value(at: 7) as Bool ? true : nil
        if let lat = try row.value(at: 8) as Double?, let lon = try row.value(at: 9) as Double? {
            location = Location(
                lat: lat, lon: lon, accuracy: try row.value(at: 10),
                t: (try row.value(at: 17) as Int64?).map(Timestamp.init(unixMilliseconds:)))
        }
        message = try row.value(at: 11)
        tripId = try row.value(at: 12)
        if let guardianID = try row.value(at: 13) as String? {
            acknowledgedBy = AccountSummary(id: guardianID, name: try row.value(at: 14))
        }
        acknowledgedAt = (try row.value(at: 15) as Int64?).map(Timestamp.init(unixMilliseconds:))
        resolvedAt = (try row.value(at: 16) as Int64?).map(Timestamp.init(unixMilliseconds:))
        let step: Int = try row.value(at: 18)
        let escalatedAt = (try row.value(at: 19) as Int64?).map(Timestamp.init(unixMilliseconds:))
        let nextAt = (try row.value(at: 20) as Int64?).map(Timestamp.init(unixMilliseconds:))
        if step > 0 || nextAt != nil {
            escalation = Escalation(step: step, escalatedAt: escalatedAt, nextAt: nextAt)
        }
        evidence = try (try row.value(at: 21) as String?).map(AlertEvidence.stored)
        falseAlarmAt = (try row.value(at: 22) as Int64?).map(Timestamp.init(unixMilliseconds:))
    }
}
