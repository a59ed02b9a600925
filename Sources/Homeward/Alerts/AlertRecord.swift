import HomewardStore

/// A row of `alerts` with its person's and acknowledging guardian's id and name, read by column
/// name; the API shows it as an `AlertResource`.
struct AlertRecord: Sendable {
    var key: Int64
    var id: String
    var accountKey: AccountKey
    var type: AlertType
    var status: AlertStatus
    var account: AlertResource.AccountSummary
    var createdAt: Timestamp
    var firesAt: Timestamp?
    var firedLate: Bool
    var lat: Double?
    var lon: Double?
    var accuracyMetres: Double?
    var locationAt: Timestamp?
    var message: String?
    var tripID: String?
    var acknowledgedBy: AlertResource.AccountSummary?
    var acknowledgedAt: Timestamp?
    var resolvedAt: Timestamp?
    var escalationStep: Int
    var escalatedAt: Timestamp?
    var escalatesAt: Timestamp?
    var evidence: AlertEvidence?
    var falseAlarmAt: Timestamp?

    /// The columns `init(row:)` reads, from `source`.
    static let selection = """
        x.key, x.id, x.account_key, x.type, x.status, a.id AS account_id, a.name AS account_name, x.created_at_ms,
        x.fires_at_ms, x.fired_late, x.lat, x.lon, x.accuracy_m, x.location_at_ms, x.message, x.trip_id,
        g.id AS acknowledged_by_id, g.name AS acknowledged_by_name, x.acknowledged_at_ms, x.resolved_at_ms,
        x.escalation_step, x.escalated_at_ms, x.escalates_at_ms, x.evidence, x.false_alarm_at_ms
        """

    /// The FROM clause matching `selection`: the person (`a`) and the acknowledging guardian (`g`,
    /// LEFT JOIN) joined to `alerts x`.
    static let source = """
        alerts x JOIN accounts a ON a.key = x.account_key LEFT JOIN accounts g ON g.key = x.acknowledged_by_key
        """

    /// Reads an alert selected with `selection`.
    init(row: Row) throws {
        key = try row.value(named: "key")
        id = try row.value(named: "id")
        accountKey = try row.value(named: "account_key")
        let typeName: String = try row.value(named: "type")
        let statusName: String = try row.value(named: "status")
        guard let type = AlertType(rawValue: typeName), let status = AlertStatus(rawValue: statusName) else {
            throw DatabaseError(extendedResultCode: 1, message: "unknown alert type or status \(typeName)/\(statusName)")
        }
        self.type = type
        self.status = status
        account = AlertResource.AccountSummary(id: try row.value(named: "account_id"), name: try row.value(named: "account_name"))
        createdAt = try row.value(named: "created_at_ms")
        firesAt = try row.value(named: "fires_at_ms")
        firedLate = try row.value(named: "fired_late")
        lat = try row.value(named: "lat")
        lon = try row.value(named: "lon")
        accuracyMetres = try row.value(named: "accuracy_m")
        locationAt = try row.value(named: "location_at_ms")
        message = try row.value(named: "message")
        tripID = try row.value(named: "trip_id")
        if let guardianID = try row.value(named: "acknowledged_by_id") as String? {
            acknowledgedBy = AlertResource.AccountSummary(id: guardianID, name: try row.value(named: "acknowledged_by_name"))
        }
        acknowledgedAt = try row.value(named: "acknowledged_at_ms")
        resolvedAt = try row.value(named: "resolved_at_ms")
        escalationStep = try row.value(named: "escalation_step")
        escalatedAt = try row.value(named: "escalated_at_ms")
        escalatesAt = try row.value(named: "escalates_at_ms")
        evidence = try (try row.value(named: "evidence") as String?).map(AlertEvidence.stored)
        falseAlarmAt = try row.value(named: "false_alarm_at_ms")
    }

    /// The alert as the API shows it.
    var resource: AlertResource { AlertResource(record: self) }
}
