import HomewardHTTP
import HomewardStore

/// What the trip endpoints do: create, show, list, join, workflow events, arrive and delete. Every
/// write commits (durably) before the events it causes are published.
public final class TripService: Sendable {
    /// The rules and in-memory trackers of active trips.
    public let monitor: TripMonitor
    private let database: any DatabaseWriter
    private let clock: any WallClock
    private let accessPolicy: AccessPolicy
    private let rateLimiter: RateLimiter
    private let secrets: SecretHasher
    private let events: EventBus

    /// Creates the service.
    private let liveAccess: any LiveAccess
    /// Reads the traveller's number as a companion typed it (the local way too).
    private let phoneNumbers: PhoneNumberReader

    public init(
        monitor: TripMonitor, database: any DatabaseWriter, clock: any WallClock, accessPolicy: AccessPolicy,
        rateLimiter: RateLimiter, secrets: SecretHasher, events: EventBus, liveAccess: any LiveAccess,
        phoneNumbers: PhoneNumberReader = PhoneNumberReader(defaultCountry: nil)
    ) {
        self.liveAccess = liveAccess
        self.phoneNumbers = phoneNumbers
        self.monitor = monitor
        self.database = database
        self.clock = clock
        self.accessPolicy = accessPolicy
        self.rateLimiter = rateLimiter
        self.secrets = secrets
        self.events = events
    }

    /// Starts a trip for `caller`: 409 while they have an active one. The answer carries the access
    /// code; only its digest is kept, and the traveller sees it again on the trip while it lasts.
    public func create(_ request: CreateTripRequest, by caller: Caller) throws -> TripResource {
        let now = clock.now()
        try request.validate(startingAt: now)
        let id = SecureRandom.identifier()
        let accessCode = accessCode(ofTrip: id)
        let routeJSON = try request.route.map { try TripRecord.encodeRoute($0.points) }
        let trip = try database.write { db in
            let store = TripStore(db: db)
            guard try store.activeTrip(of: caller.accountKey) == nil else {
                throw HTTPError.conflict("You already have an active trip: arrive or delete it first.")
            }
            let new = TripStore.NewTrip(
                id: id, account: caller.accountKey, request: request, routeJSON: routeJSON,
                accessCodeDigest: secrets.digest(accessCode), startedAt: now)
            _ = try store.insert(new)
            guard let inserted = try store.trip(id: new.id) else { throw HTTPError.internalError }
            let trip = monitor.planned(inserted)
            try store.saveProgress(of: trip, at: now)
            return trip
        }
        events.publish(trip.event)
        return trip.resource(events: [], accessCode: accessCode)
    }

    /// The trip with `id` with its route and events, if `caller` may see it; for the traveller, while
    /// it lasts, with its access code (so it can be handed on from any of their devices).
    public func trip(_ id: String, for caller: Caller) throws -> TripResource {
        try database.read { db in
            let (trip, window) = try visibleTripAndWindow(id, to: caller, allowing: [.oneself, .guardian, .companion], in: db)
            let code = accessCode(ofTrip: trip.id)
            let shownCode = trip.accountKey == caller.accountKey && trip.endedAt == nil
                && SecretDigest.constantTimeEquals(trip.accessCodeDigest, secrets.digest(code)) ? code : nil
            return trip.resource(events: try events(ofTrip: trip.key, within: window, in: db), accessCode: shownCode)
        }
    }

    /// The access code of the trip with opaque `id`: digits taken from an HMAC of the id under the
    /// server's secret, so the server can give it again without storing it (trips started before
    /// this had random codes, which stay unknown: their digest does not match).
    private func accessCode(ofTrip id: String) -> String {
        let mac = secrets.digest("homeward trip access code v1 \(id)")
        let number = mac.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var modulus: UInt64 = 1
        for _ in 0..<TripConfiguration.accessCodeDigitCount { modulus *= 10 }
        let digits = String(number % modulus)
        return String(repeating: "0", count: TripConfiguration.accessCodeDigitCount - digits.count) + digits
    }

    /// The path of trip `id` as `requested` (narrowed to what the caller may see of the trip): a JSON
    /// page with the trip's event markers, or streamed GeoJSON or GPX; 404 if the caller may not see it.
    func path(of id: String, _ requested: HistoryQuery, for caller: Caller) throws -> HTTPResponse {
        let scope = try pathScope(of: id, for: caller)
        let query = scope.narrowing(requested)
        guard query.format == .json else {
            return historyExport(of: scope.account, named: scope.accountName, query, database: database)
        }
        return .json(try path(scope, query))
    }

    /// What the path export of trip `id` reads, if `caller` may see the trip.
    private func pathScope(of id: String, for caller: Caller) throws -> TripPathScope {
        try database.read { db in
            let (trip, window) = try visibleTripAndWindow(id, to: caller, allowing: [.oneself, .guardian, .companion], in: db)
            // A companion sees the path from when they joined, never before.
            return TripPathScope(
                account: trip.accountKey, accountName: trip.accountName,
                startedAt: max(trip.startedAt, window?.joinedAt ?? trip.startedAt),
                endedAt: trip.endedAt, events: try events(ofTrip: trip.key, within: window, in: db))
        }
    }

    /// One JSON page of the trip's path with its event markers.
    private func path(_ scope: TripPathScope, _ query: HistoryQuery) throws -> TripPath {
        let page = try historyPage(of: scope.account, query, database: database)
        return TripPath(locations: page.locations, nextCursor: page.nextCursor, events: scope.events)
    }

    /// The trips of `caller` and of everyone they guard, and the trips they accompany or accompanied.
    public func trips(
        for caller: Caller, status: TripStatus?, limit: Int, after cursor: String?
    ) throws -> TripList {
        let position = try cursor.map { text throws(HTTPError) in
            let cursor = try ListCursor(parsing: text)
            return (startedAtMilliseconds: cursor.timeMilliseconds, key: cursor.key)
        }
        let page = try database.read { db in
            let owners = [caller.accountKey] + (try accessPolicy.dependents(of: caller, in: db))
            let accompanied = try accessPolicy.companionWindows(of: caller, in: db).map(\.tripKey)
            return try ListPage.fetching(limit: limit, { fetchLimit in
                try TripStore(db: db).trips(of: owners, accompanied: accompanied, status: status, after: position, limit: fetchLimit)
            }, cursor: { ListCursor(timeMilliseconds: $0.startedAt.unixMilliseconds, key: $0.key) })
        }
        return TripList(trips: page.items.map { $0.resource() }, nextCursor: page.nextCursor?.text)
    }

    /// Makes `caller` a companion of the active trip of the account with the phone, if the access
    /// code is right: one 403 for a wrong traveller or code, 429 once the traveller, the caller or
    /// the caller's client address has had too many failures.
    public func join(_ request: JoinTripRequest, by caller: Caller, from clientHost: String) throws -> TripResource {
        let traveller = try request.traveller(reading: phoneNumbers)
        var limits = try enforcedAccessCodeLimits([
            (caller.accountID, RateLimitPolicy.tripAccessCodeFailuresPerCaller),
            (clientHost, RateLimitPolicy.tripAccessCodeFailuresPerClientAddress),
        ])
        let now = clock.now()
        let joined = try database.write { db -> TripRecord? in
            let store = TripStore(db: db)
            let candidates: [TripRecord] = switch traveller {
            case .phone(let e164): try store.account(withPhone: e164).flatMap { try store.activeTrip(of: $0) }.map { [$0] } ?? []
            case .name(let name): try store.activeTrips(ofTravellersNamed: name)
            }
            limits += try enforcedAccessCodeLimits(Self.travellerLimits(of: candidates))
            // Names are not unique: the access code decides between the travellers of that name.
            guard let trip = candidates.first(where: { accessCode(request.accessCode, opens: $0) }) else { return nil }
            guard trip.accountKey != caller.accountKey else {
                throw HTTPError.conflict("You cannot join your own trip.")
            }
            try store.addCompanion(caller.accountKey, toTrip: trip.key, at: now)
            return trip
        }
        guard let joined else {
            for (key, policy) in limits { rateLimiter.recordFailure(key, under: policy) }
            throw HTTPError.forbidden("The traveller or the access code is wrong.")
        }
        for (key, policy) in limits where policy != RateLimitPolicy.tripAccessCodeFailuresPerClientAddress {
            rateLimiter.reset(key, under: policy)
        }
        return joined.resource()
    }

    /// The latest trip of the traveller named by phone or by name, with its progress, for a companion
    /// who has the access code but no account (the `/trip` page): one 403 for a wrong traveller or
    /// code, 429 once the traveller or the client's address has had too many failures.
    public func watch(_ request: JoinTripRequest, from clientHost: String) throws -> TripResource {
        let traveller = try request.traveller(reading: phoneNumbers)
        var limits = try enforcedAccessCodeLimits([
            (clientHost, RateLimitPolicy.tripAccessCodeFailuresPerClientAddress),
        ])
        let watched = try database.read { db -> TripResource? in
            let store = TripStore(db: db)
            let candidates: [TripRecord] = switch traveller {
            case .phone(let e164): try store.account(withPhone: e164).flatMap { try store.latestTrip(of: $0) }.map { [$0] } ?? []
            case .name(let name): try store.latestTrips(ofTravellersNamed: name)
            }
            limits += try enforcedAccessCodeLimits(Self.travellerLimits(of: candidates))
            // Names are not unique: the access code decides between the travellers of that name.
            guard let trip = candidates.first(where: { accessCode(request.accessCode, opens: $0) }) else { return nil }
            var watched = trip.resource(events: try store.events(ofTrip: trip.key))
            watched.emergencies = try AlertStore(db: db).activeAlerts(of: [trip.accountKey]).map(\.alert).filter { alert in
                alert.type.callsForHelp && alert.status == .open
                    && alert.createdAt >= trip.startedAt && trip.endedAt.map { alert.createdAt <= $0 } ?? true
            }
            return watched
        }
        guard let watched else {
            for (key, policy) in limits { rateLimiter.recordFailure(key, under: policy) }
            throw HTTPError.forbidden("The traveller or the access code is wrong.")
        }
        return watched
    }

    /// The limits on wrong access codes against each traveller a request may mean, counted under the
    /// traveller's account however the request named them (by phone or by name), so one person gets
    /// the same few guesses against their trips whichever way they are named.
    private static func travellerLimits(of candidates: [TripRecord]) -> [(key: String, policy: RateLimitPolicy)] {
        candidates.map { ("traveller:\($0.accountKey)", RateLimitPolicy.tripAccessCodeFailuresPerTarget) }
    }

    /// `limits` on wrong access codes, each checked first: 429 once any is spent.
    private func enforcedAccessCodeLimits(
        _ limits: [(key: String, policy: RateLimitPolicy)]
    ) throws -> [(key: String, policy: RateLimitPolicy)] {
        for (key, policy) in limits {
            try rateLimiter.enforce(key, under: policy)
        }
        return limits
    }

    /// Whether `code` is the access code of `trip`: its keyed digest, or, for a trip started before
    /// keyed digests, the plain SHA-256 it holds until it ends.
    private func accessCode(_ code: String, opens trip: TripRecord) -> Bool {
        let matchesKeyed = SecretDigest.constantTimeEquals(trip.accessCodeDigest, secrets.digest(code))
        let matchesLegacy = SecretDigest.constantTimeEquals(trip.accessCodeDigest, secrets.legacyDigest(code))
        return matchesKeyed || matchesLegacy
    }

    /// Records a workflow event on the caller's own active trip: 409 when its state forbids it.
    public func record(_ request: TripEventRequest, onTrip id: String, by caller: Caller) throws -> TripEventResource {
        let now = clock.now()
        let (trip, event) = try database.write { db -> (TripRecord?, TripEventResource) in
            let store = TripStore(db: db)
            var trip = try visibleTrip(id, to: caller, allowing: [.oneself], in: db)
            try request.validate(tripStartedAt: trip.startedAt, now: now)
            let time = request.t ?? now
            // An action sent again after a lost answer (the phone resends its offline buffer) is the
            // one already recorded, not a second press the workflow would refuse.
            if request.t != nil, let recorded = try store.events(ofTrip: trip.key).first(where: { $0.type == request.type && $0.t == time }) {
                return (nil, recorded)
            }
            guard trip.status == .active else { throw HTTPError.conflict("The trip has already arrived.") }
            guard let next = trip.workflow.applying(request.type) else {
                throw HTTPError.conflict(trip.workflow.refusal(of: request.type))
            }
            let place = try request.location.map { AlertResource.Location(lat: $0.lat, lon: $0.lon, accuracy: $0.accuracy) }
                ?? (request.t == nil ? trip.lastLocation : try LocationStore(db: db).lastReliableFix(of: trip.accountKey, before: time.adding(milliseconds: 1)).map {
                    AlertResource.Location(lat: $0.lat, lon: $0.lon, accuracy: $0.accuracyMetres)
                })
            let event = TripEventResource(
                type: request.type, t: time, location: place, phase: next.phase,
                passengersAboard: next.passengersAboard)
            try store.record(event, onTrip: trip.key)
            trip.workflow = next
            return (trip, event)
        }
        if let trip { events.publish(trip.event) }
        return event
    }

    /// Ends the caller's own active trip: resolves its open alerts and raises `arrived` for the
    /// guardians and companions (before the trip stops being active, so companions hear of it).
    public func arrive(_ id: String, by caller: Caller) throws -> TripResource {
        let now = clock.now()
        let (trip, raised, tripEvents) = try database.write { db in
            let store = TripStore(db: db)
            var trip = try visibleTrip(id, to: caller, allowing: [.oneself], in: db)
            guard trip.status == .active else { throw HTTPError.conflict("The trip has already arrived.") }
            var raised = try monitor.resolveAlerts(of: trip, at: now, in: db)
            raised += try monitor.apply([.raise(ArrivedRule.request(for: trip))], for: trip, at: now, in: db)
            try store.markArrived(trip.key, at: now)
            let ended = trip
            db.afterCommit { [liveAccess] in liveAccess.tripEnded(ended.id, of: ended.accountKey) }
            trip.status = .arrived
            trip.endedAt = now
            return (trip, raised, try store.events(ofTrip: trip.key))
        }
        monitor.trackers.forget(trip.key)
        raised.forEach(events.publish)
        events.publish(trip.event)
        return trip.resource(events: tripEvents)
    }

    /// Deletes the caller's own trip, resolving its active alerts.
    public func delete(_ id: String, by caller: Caller) throws {
        let now = clock.now()
        let (key, resolved) = try database.write { db in
            let trip = try visibleTrip(id, to: caller, allowing: [.oneself], in: db)
            let resolved = try monitor.resolveAlerts(of: trip, at: now, in: db)
            try TripStore(db: db).delete(trip.key)
            db.afterCommit { [liveAccess] in liveAccess.tripEnded(trip.id, of: trip.accountKey) }
            return (trip.key, resolved)
        }
        monitor.trackers.forget(key)
        resolved.forEach(events.publish)
    }

    /// The trip with `id` if `caller` stands to its traveller in one of `allowed` relationships
    /// (a companion only while the trip is active); 404 otherwise.
    private func visibleTrip(
        _ id: String, to caller: Caller, allowing allowed: Set<Relationship>, in db: Database
    ) throws -> TripRecord {
        try visibleTripAndWindow(id, to: caller, allowing: allowed, in: db).trip
    }

    /// The trip with `id` if `caller` stands to its traveller in one of `allowed` relationships, a
    /// companion being one who joined this very trip (active or arrived: an arrived trip stays theirs
    /// to read); with the companion's window when that is all the caller is. 404 otherwise.
    private func visibleTripAndWindow(
        _ id: String, to caller: Caller, allowing allowed: Set<Relationship>, in db: Database
    ) throws -> (trip: TripRecord, window: CompanionWindow?) {
        guard let trip = try TripStore(db: db).trip(id: id) else { throw HTTPError.notFound() }
        var relationships = try accessPolicy.relationships(of: caller, to: trip.accountKey, in: db)
        relationships.remove(.companion)
        let window = try accessPolicy.companionWindow(of: caller, onTrip: trip.key, in: db)
        if window != nil { relationships.insert(.companion) }
        guard !relationships.isDisjoint(with: allowed) else { throw HTTPError.notFound() }
        return (trip, relationships.isDisjoint(with: AccessPolicy.selfOrGuardian) ? window : nil)
    }

    /// The workflow events of trip `key`, from when the companion of `window` joined (all without one).
    private func events(ofTrip key: Int64, within window: CompanionWindow?, in db: Database) throws -> [TripEventResource] {
        let events = try TripStore(db: db).events(ofTrip: key)
        guard let window else { return events }
        return events.filter { $0.t >= window.joinedAt }
    }
}
