import HomewardHTTP
import HomewardStore

/// The one component that answers "may this caller see or act on that account's data?".
/// Every handler that names another account asks it; whatever it does not allow answers 404,
/// exactly as if the account did not exist.
public struct AccessPolicy: Sendable {
    /// What a guardian may read by default: their own data and their dependents'.
    public static let selfOrGuardian: Set<Relationship> = [.oneself, .guardian]
    /// Who may see an account's name, profile and picture: itself, its guardians, its companions.
    public static let profileViewers: Set<Relationship> = [.oneself, .guardian, .companion]

    /// Creates the policy.
    public init() {}

    /// The relationships of `caller` to `account`.
    public func relationships(of caller: Caller, to account: AccountKey, in db: Database) throws -> Set<Relationship> {
        var found: Set<Relationship> = []
        if caller.accountKey == account { found.insert(.oneself) }
        guard caller.reach.readsOthers else { return found }
        let isGuardian = try db.fetchOne(
            "SELECT 1 FROM links WHERE guardian_key = ? AND dependent_key = ?",
            [caller.accountKey, account]
        ) as Int64? != nil
        if isGuardian { found.insert(.guardian) }
        let isCompanion = try db.fetchOne(
            """
            SELECT 1 FROM trip_companions c JOIN trips t ON t.key = c.trip_key
            WHERE c.companion_key = ? AND t.account_key = ? AND t.status = 'active'
            """,
            [caller.accountKey, account]
        ) as Int64? != nil
        if isCompanion { found.insert(.companion) }
        return found
    }

    /// The key of the account with opaque `id` if `caller` stands to it in one of `allowed`
    /// relationships; 404 otherwise (unknown and not visible look the same).
    public func visibleAccount(
        _ id: String, to caller: Caller, in db: Database, allowing allowed: Set<Relationship> = selfOrGuardian
    ) throws -> AccountKey {
        if id == caller.accountID, allowed.contains(.oneself) { return caller.accountKey }
        guard let key = try db.fetchOne("SELECT key FROM accounts WHERE id = ?", [id]) as Int64? else {
            throw HTTPError.notFound()
        }
        guard try !relationships(of: caller, to: key, in: db).isDisjoint(with: allowed) else {
            throw HTTPError.notFound()
        }
        return key
    }

    /// The accounts `caller` guards, oldest link first.
    public func dependents(of caller: Caller, in db: Database) throws -> [AccountKey] {
        guard caller.reach.readsOthers else { return [] }
        return try db.fetchAll(
            "SELECT dependent_key FROM links WHERE guardian_key = ? ORDER BY created_at_ms, id",
            [caller.accountKey]
        )
    }

    /// The guardians of `account`, oldest link first (whose phones the `unaccompanied` rule looks for).
    public func guardians(of account: AccountKey, in db: Database) throws -> [AccountKey] {
        try db.fetchAll("SELECT guardian_key FROM links WHERE dependent_key = ? ORDER BY created_at_ms, id", [account])
    }

    /// The accounts whose active trip `caller` accompanies.
    public func accompanied(by caller: Caller, in db: Database) throws -> [AccountKey] {
        guard caller.reach.readsOthers else { return [] }
        return try db.fetchAll(
            """
            SELECT t.account_key FROM trip_companions c JOIN trips t ON t.key = c.trip_key
            WHERE c.companion_key = ? AND t.status = 'active' ORDER BY c.joined_at_ms
            """,
            [caller.accountKey]
        )
    }

    /// Every trip `caller` accompanies or accompanied, active or arrived, with when they joined: a
    /// companion sees each trip's positions and alerts inside its window only (`CompanionWindow`).
    public func companionWindows(of caller: Caller, in db: Database) throws -> [CompanionWindow] {
        guard caller.reach.readsOthers else { return [] }
        return try db.fetchAll(
            """
            SELECT t.key, t.id, t.account_key, c.joined_at_ms, t.ended_at_ms
            FROM trip_companions c JOIN trips t ON t.key = c.trip_key
            WHERE c.companion_key = ? ORDER BY c.joined_at_ms, t.key
            """,
            [caller.accountKey]
        ) { row in
            CompanionWindow(
                tripKey: try row.value(at: 0), tripID: try row.value(at: 1), traveller: try row.value(at: 2),
                joinedAt: Timestamp(unixMilliseconds: try row.value(at: 3)),
                endedAt: (try row.value(at: 4) as Int64?).map { Timestamp(unixMilliseconds: $0) })
        }
    }

    /// The window of `caller` on trip `tripKey`, if they joined it (active or arrived).
    public func companionWindow(of caller: Caller, onTrip tripKey: Int64, in db: Database) throws -> CompanionWindow? {
        try companionWindows(of: caller, in: db).first { $0.tripKey == tripKey }
    }

    /// How `caller` may see an alert of `account`: as the person or a guardian (every alert), as a
    /// companion (one inside a trip window of theirs: nothing of the traveller before they joined or
    /// after the trip ended), or not at all (an empty set). A companion acts on an alert (acknowledges
    /// it) only while its trip is active; afterwards the trip is theirs to read.
    public func relationships(
        toAlertOf account: AccountKey, type: AlertType, createdAt: Timestamp, tripID: String?, by caller: Caller, in db: Database
    ) throws -> (seen: Set<Relationship>, acting: Set<Relationship>) {
        let direct = try relationships(of: caller, to: account, in: db).intersection(Self.selfOrGuardian)
        guard direct.isEmpty else { return (direct, direct) }
        let windows = try companionWindows(of: caller, in: db).filter {
            $0.shows(alertOf: account, type: type, createdAt: createdAt, tripID: tripID)
        }
        guard !windows.isEmpty else { return ([], []) }
        return ([.companion], windows.contains { $0.endedAt == nil } ? [.companion] : [])
    }

    /// Everyone `caller` watches live: the people they guard and the travellers whose active trips
    /// they accompany (what their event stream carries and their alert list shows besides their own).
    public func watched(by caller: Caller, in db: Database) throws -> [AccountKey] {
        var seen: Set<AccountKey> = []
        return try (dependents(of: caller, in: db) + accompanied(by: caller, in: db)).filter { seen.insert($0).inserted }
    }

    /// What `caller` may receive live about others now (see `LiveGrants`): the people they guard,
    /// and the windows of the trips they joined that are under way or ended within `endedWithin`
    /// milliseconds.
    public func liveGrants(of caller: Caller, endedWithin: Int64, at now: Timestamp, in db: Database) throws -> LiveGrants {
        var grants = LiveGrants(guarded: Set(try dependents(of: caller, in: db)))
        let oldestEnd = now.adding(milliseconds: -endedWithin)
        for window in try companionWindows(of: caller, in: db) where window.endedAt.map({ $0 >= oldestEnd }) ?? true {
            grants.accompanied[window.traveller, default: []].append(window)
        }
        return grants
    }

    /// Everyone who may watch `account` live: its guardians and the companions of its active trip.
    public func watchers(of account: AccountKey, in db: Database) throws -> [AccountKey] {
        try db.fetchAll(
            """
            SELECT guardian_key FROM links WHERE dependent_key = ?1
            UNION
            SELECT c.companion_key FROM trip_companions c JOIN trips t ON t.key = c.trip_key
            WHERE t.account_key = ?1 AND t.status = 'active'
            """,
            [account]
        )
    }

    /// Throws 404 unless `id` names a live session of `caller`'s own account: another account's
    /// session, an expired one and an unknown id look the same.
    public func requireOwnSession(_ id: String, of caller: Caller, at time: Timestamp, in db: Database) throws {
        let owned = try db.fetchOne(
            "SELECT 1 FROM sessions WHERE id = ? AND account_key = ? AND expires_at_ms > ?",
            [id, caller.accountKey, time.unixMilliseconds]
        ) as Int64?
        guard owned != nil else { throw HTTPError.notFound() }
    }

    /// The two sides of link `id` when `caller` is one of them (either side may see and end a
    /// link); 404 otherwise.
    public func linkParties(
        _ id: String, visibleTo caller: Caller, in db: Database
    ) throws -> (guardian: AccountKey, dependent: AccountKey) {
        let parties = try db.fetchOne(
            "SELECT guardian_key, dependent_key FROM links WHERE id = ? AND ? IN (guardian_key, dependent_key)",
            [id, caller.accountKey]
        ) { row in (guardian: try row.value(at: 0) as AccountKey, dependent: try row.value(at: 1) as AccountKey) }
        guard let parties else { throw HTTPError.notFound() }
        return parties
    }
}
