import HomewardHTTP
import HomewardStore

/// What the zone endpoints do: guardians manage their dependents' safe zones and a person their own
/// (anyone else gets 404); a change drops the person's tracker, so the next fix judges the new
/// zones, and a deleted zone resolves the alerts it raised.
struct ZoneService: Sendable {
    /// Holds the zones and the alerts they raised.
    let database: any DatabaseWriter
    /// Decides whose zones the caller may see and change (404 otherwise).
    let accessPolicy: AccessPolicy
    /// The creation time of a new zone and the resolution time of its alerts.
    let clock: any WallClock
    /// What a new zone is checked against: radius, vertices, span, zones a person.
    let limits: ZoneLimits
    /// Forgets a person's trackers when their zones change.
    let zoneObserver: ZoneObserver
    /// Resolves the alerts of a deleted zone.
    let alerts: AlertCenter
    /// Tells streams and webhooks the alerts were resolved.
    let events: EventBus

    /// Adds the zone `request` describes to account `id`; the request is read only once the caller
    /// may see the account, so a stranger gets 404 whatever they sent.
    func create(_ request: @autoclosure () throws -> ZoneRequest, inAccount id: String, by caller: Caller) throws -> ZoneResource {
        _ = try database.read { db in try accessPolicy.visibleAccount(id, to: caller, in: db) }
        let zone = try request().validated(id: SecureRandom.identifier(), createdAt: clock.now(), limits: limits)
        try database.write { db in
            let account = try accessPolicy.visibleAccount(id, to: caller, in: db)
            try httpErrors { try ZoneStore(db: db).insert(zone, for: account, createdBy: caller.accountKey, limits: limits) }
            zoneObserver.settingsChanged(of: account, in: db)
        }
        return zone
    }

    /// Replaces zone `id` by `request`, keeping its id and creation time, so its alerts and its place
    /// in the list stay.
    func replace(_ id: String, with request: ZoneRequest, by caller: Caller) throws -> ZoneResource {
        try database.write { db -> ZoneResource in
            let store = ZoneStore(db: db)
            guard let owner = try store.owner(ofZone: id),
                  try !accessPolicy.relationships(of: caller, to: owner, in: db).isDisjoint(with: AccessPolicy.selfOrGuardian),
                  let old = try store.zones(of: owner).first(where: { $0.id == id })
            else { throw HTTPError.notFound() }
            let zone = try request.validated(id: id, createdAt: old.createdAt, limits: limits)
            try store.delete(zone: id)
            try httpErrors { try store.insert(zone, for: owner, createdBy: caller.accountKey, limits: limits) }
            zoneObserver.settingsChanged(of: owner, in: db)
            return zone
        }
    }

    /// The zones of account `id`.
    func zones(ofAccount id: String, for caller: Caller) throws -> [ZoneResource] {
        try database.read { db in try ZoneStore(db: db).zones(of: try accessPolicy.visibleAccount(id, to: caller, in: db)) }
    }

    /// Deletes zone `id` and resolves the alerts it raised, published once committed.
    func delete(_ id: String, by caller: Caller) throws {
        let now = clock.now()
        let events = try database.write { db -> [AppEvent] in
            let store = ZoneStore(db: db)
            guard let owner = try store.owner(ofZone: id),
                  try !accessPolicy.relationships(of: caller, to: owner, in: db).isDisjoint(with: AccessPolicy.selfOrGuardian)
            else { throw HTTPError.notFound() }
            try store.delete(zone: id)
            zoneObserver.settingsChanged(of: owner, in: db)
            return try AlertCause.causes(ofZone: id).compactMap { cause in try alerts.resolve(cause: cause, for: owner, at: now, in: db)?.event }
        }
        for event in events { self.events.publish(event) }
    }

    /// Runs `body`, turning a `ZoneStoreError` into the HTTP error the family reads.
    private func httpErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ZoneStoreError {
            switch error {
            case .tooManyZones(let limit):
                throw HTTPError.invalidRequest("A person may have at most \(limit) zones.")
            case .secondHome:
                throw HTTPError.conflict("This person already has a home zone; delete it first.")
            case .timeZoneMismatch(let existing):
                throw HTTPError.invalidRequest("timeZone must match the person's other zones (\(existing)).", field: "timeZone")
            }
        }
    }
}
