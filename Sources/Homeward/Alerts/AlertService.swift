import HomewardHTTP
import HomewardStore

/// What the alert endpoints do: each change is one durable write (the alert and its webhook outbox
/// rows together), published to the event bus once committed.
public struct AlertService: Sendable {
    private let database: any DatabaseWriter
    private let center: AlertCenter
    private let accessPolicy: AccessPolicy
    private let events: EventBus
    private let clock: any WallClock
    private let scheduler: CountdownScheduler
    private let countdowns: CountdownLimits

    /// Creates the service; a countdown's length is held to `countdowns`.
    public init(
        database: any DatabaseWriter, center: AlertCenter, accessPolicy: AccessPolicy, events: EventBus,
        clock: any WallClock, scheduler: CountdownScheduler, countdowns: CountdownLimits
    ) {
        self.database = database
        self.center = center
        self.accessPolicy = accessPolicy
        self.events = events
        self.clock = clock
        self.scheduler = scheduler
        self.countdowns = countdowns
    }

    /// Raises an SOS for `caller`, open at once and delivered to every watcher.
    public func raiseSOS(_ request: SOSRequest, by caller: Caller) throws -> AlertResource {
        guard request.type == AlertType.sos.rawValue else {
            throw HTTPError.invalidRequest("type must be sos; other alerts are raised by the server.", field: "type")
        }
        try AlertTextLimits.check(request.message, field: "message", maxCharacters: AlertTextLimits.maxMessageCharacters)
        if let location = request.location {
            guard location.lat.isFinite, location.lon.isFinite, (-90...90).contains(location.lat),
                  (-180...180).contains(location.lon), (location.accuracy ?? 0) >= 0 else {
                throw HTTPError.invalidRequest("location must be a valid lat/lon with accuracy ≥ 0.", field: "location")
            }
        }
        let alertRequest = AlertRequest(
            type: .sos, cause: AlertCause.sos(SecureRandom.identifier()), message: request.message, location: request.location)
        return try commit { db in try center.raise(alertRequest, for: caller.accountKey, at: clock.now(), in: db) }
    }

    /// Raises the SOS a tracking client sent with its fix of `time` at `location` (Traccar Client's
    /// `alarm=sos`), once however often the client resends it: its own write on the urgent lane, as
    /// `raiseSOS`, published once committed. False when it was raised before.
    @discardableResult
    public func raiseClientSOS(at time: Timestamp, location: AlertResource.Location?, by caller: Caller) throws -> Bool {
        let alertRequest = AlertRequest(
            type: .sos, cause: AlertCause.clientSOS(at: time), message: SOSRule.clientMessage, location: location)
        let now = clock.now()
        guard let event = try database.write({ db in try center.raiseOnce(alertRequest, for: caller.accountKey, at: now, in: db) }) else {
            return false
        }
        events.publish(event)
        return true
    }

    /// Starts a countdown for `caller` that fires as a `danger` alert unless cancelled in time.
    public func startCountdown(_ request: CountdownRequest, by caller: Caller) throws -> AlertResource {
        let seconds = request.seconds ?? countdowns.defaultSeconds
        guard (countdowns.minSeconds...countdowns.maxSeconds).contains(seconds) else {
            throw HTTPError.invalidRequest(
                "seconds must be \(countdowns.minSeconds) to \(countdowns.maxSeconds).", field: "seconds")
        }
        try AlertTextLimits.check(request.reason, field: "reason", maxCharacters: AlertTextLimits.maxReasonCharacters)
        let now = clock.now()
        let firesAt = now.adding(milliseconds: Int64(seconds) * Timestamp.millisecondsPerSecond)
        let alertRequest = AlertRequest(
            type: .danger, cause: AlertCause.countdown(SecureRandom.identifier()), status: .pending, firesAt: firesAt,
            message: request.reason)
        var key: Int64 = 0
        let alert = try commit { db in
            let raised = try center.raise(alertRequest, for: caller.accountKey, at: now, in: db)
            key = try raised.map { raised in
                guard let found = try AlertStore(db: db).find(raised.alert.id) else { throw HTTPError.notFound() }
                return found.key
            } ?? 0
            return raised
        }
        scheduler.arm(key: key, at: firesAt)
        return alert
    }

    /// Cancels the caller's own pending countdown `id`: 404 if not visible, 403 for a watcher, 409
    /// once it is no longer pending.
    public func cancel(_ id: String, by caller: Caller) throws -> AlertResource {
        try commitChange { db in
            let key = try visibleKey(id, to: caller, in: db, allowing: [.oneself], otherwise: "Only the person may cancel a countdown.")
            guard let cancelled = try center.cancel(key: key, at: clock.now(), in: db) else {
                throw HTTPError.conflict("Only a pending countdown can be cancelled.")
            }
            return (cancelled.alert, cancelled.event)
        }
    }

    /// Records that `caller`, a watcher of the alert's person, acknowledged it; an alert already
    /// acknowledged keeps its first acknowledgement. 409 for an alert that is not open.
    public func acknowledge(_ id: String, by caller: Caller) throws -> AlertResource {
        try commitChange { db in
            let key = try visibleKey(
                id, to: caller, in: db, allowing: { $0.isForThePerson ? [.oneself] : [.guardian, .companion] },
                otherwise: { $0.isForThePerson ? "Only the person may acknowledge this alert." : "Only a guardian or companion may acknowledge an alert." })
            if let acknowledged = try center.acknowledge(key: key, by: caller.accountKey, at: clock.now(), in: db) {
                return (acknowledged.alert, acknowledged.event)
            }
            let alert = try center.alert(key: key, in: db)
            guard alert.status == .acknowledged else {
                throw HTTPError.conflict("Only an open alert can be acknowledged (this one is \(alert.status.rawValue)).")
            }
            return (alert, nil)
        }
    }

    /// How alert `id` reached its recipients: every delivery for the person and their guardians, only
    /// their own for a trip companion (who is not told who else watches); 404 if the alert is not visible.
    public func deliveries(of id: String, by caller: Caller) throws -> AlertDeliveryList {
        try database.read { db in
            guard let found = try AlertStore(db: db).find(id) else { throw HTTPError.notFound() }
            let alert = try center.alert(key: found.key, in: db)
            // The same question as every other read of an alert: a companion only inside their trip window.
            let seen = try accessPolicy.relationships(
                toAlertOf: found.account, type: alert.type, createdAt: alert.createdAt, tripID: alert.tripId, by: caller, in: db).seen
            guard !seen.isEmpty else { throw HTTPError.notFound() }
            let seesEveryone = !seen.isDisjoint(with: [.oneself, .guardian])
            return AlertDeliveryList(
                deliveries: try AlertDeliveryStore(db: db).deliveries(
                    ofAlert: found.key, to: seesEveryone ? nil : caller.accountKey, at: clock.now()))
        }
    }

    /// The caller's alerts, those of everyone they guard, and of each trip they accompany or
    /// accompanied the trip's alerts from when they joined until it ended (`CompanionWindow`); see
    /// `AlertStore.page`.
    public func list(
        for caller: Caller, statuses: [AlertStatus], since: Timestamp?, cursor: String?, limit: Int
    ) throws -> AlertPage {
        let position = try cursor.map { text throws(HTTPError) in try ListCursor(parsing: text) }
        return try database.read { db in
            let accounts = [caller.accountKey] + (try accessPolicy.dependents(of: caller, in: db))
            let windows = try accessPolicy.companionWindows(of: caller, in: db).filter { !accounts.contains($0.traveller) }
            return try AlertStore(db: db).page(
                of: accounts, windows: windows, statuses: statuses, since: since, after: position, limit: limit)
        }
    }

    /// Records that `caller`, the person or a guardian, says alert `id` was a false alarm, and counts
    /// it for the person's thresholds (`FalseAlarmTuning`: the next of its kind needs more). Marking
    /// it again changes nothing. 409 for an alert the geo rules did not raise (only `left_zone` and
    /// `wandering` tune anything). Returns the alert and the person whose tracker must be rebuilt.
    public func markFalseAlarm(_ id: String, by caller: Caller) throws -> (alert: AlertResource, account: AccountKey?) {
        try database.write { db in
            let key = try visibleKey(id, to: caller, in: db, allowing: [.oneself, .guardian], otherwise: "Only the person or a guardian may mark a false alarm.")
            let alert = try center.alert(key: key, in: db)
            let store = AlertStore(db: db)
            guard let (cause, account) = try store.cause(ofAlert: key),
                  let kind = RoutineStore.FalseAlarmKind(cause: cause, type: alert.type) else {
                throw HTTPError.conflict("Only left_zone and wandering alerts can be marked a false alarm (this one is \(alert.type.rawValue)).")
            }
            guard alert.falseAlarmAt == nil else { return (alert, nil) }
            let now = clock.now()
            try store.markFalseAlarm(key, by: caller.accountKey, at: now)
            try RoutineStore().countFalseAlarm(kind, for: account, at: now, in: db)
            return (try center.alert(key: key, in: db), account)
        }
    }

    private func visibleKey(
        _ id: String, to caller: Caller, in db: Database, allowing allowed: Set<Relationship>, otherwise: String
    ) throws -> Int64 {
        try visibleKey(id, to: caller, in: db, allowing: { _ in allowed }, otherwise: { _ in otherwise })
    }

    /// The key of alert `id` if `caller` sees it (404 otherwise) and acts on it in one of the
    /// relationships `allowed` gives for its type (403 with `otherwise`'s text if not).
    private func visibleKey(
        _ id: String, to caller: Caller, in db: Database, allowing allowed: (AlertType) -> Set<Relationship>,
        otherwise: (AlertType) -> String
    ) throws -> Int64 {
        guard let found = try AlertStore(db: db).find(id) else { throw HTTPError.notFound() }
        let alert = try center.alert(key: found.key, in: db)
        let relationships = try accessPolicy.relationships(
            toAlertOf: found.account, type: alert.type, createdAt: alert.createdAt, tripID: alert.tripId, by: caller, in: db)
        guard !relationships.seen.isEmpty else { throw HTTPError.notFound() }
        guard !relationships.acting.isDisjoint(with: allowed(alert.type)) else { throw HTTPError.forbidden(otherwise(alert.type)) }
        return found.key
    }

    private func commit(_ body: (Database) throws -> (alert: AlertResource, event: AppEvent)?) throws -> AlertResource {
        let change = try database.write(body)
        guard let change else { throw HTTPError.conflict("An alert with this cause is already active.") }
        events.publish(change.event)
        return change.alert
    }

    private func commitChange(_ body: (Database) throws -> (AlertResource, AppEvent?)) throws -> AlertResource {
        let (alert, event) = try database.write(body)
        if let event { events.publish(event) }
        return alert
    }
}
