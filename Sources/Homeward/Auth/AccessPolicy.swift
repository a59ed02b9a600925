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
        if try LinkStore(db: db).isGuardian(caller.accountKey, of: account) { found.insert(.guardian) }
        if try TripStore(db: db).accompanies(caller.accountKey, activeTripOf: account) { found.insert(.companion) }
        return found
    }

    /// The key of the account with opaque `id` if `caller` stands to it in one of `allowed`
    /// relationships; 404 otherwise (unknown and not visible look the same).
    public func visibleAccount(
        _ id: String, to caller: Caller, in db: Database, allowing allowed: Set<Relationship> = selfOrGuardian
    ) throws -> AccountKey {
        if id == caller.accountID, allowed.contains(.oneself) { return caller.accountKey }
        guard let key = try AccountStore(db: db).key(ofAccount: id) else {
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
        return try LinkStore(db: db).dependents(of: caller.accountKey)
    }

    /// The guardians of `account`, oldest link first (whose phones the `unaccompanied` rule looks for).
    public func guardians(of account: AccountKey, in db: Database) throws -> [AccountKey] {
        try LinkStore(db: db).guardians(of: account)
    }

    /// The accounts whose active trip `caller` accompanies.
    public func accompanied(by caller: Caller, in db: Database) throws -> [AccountKey] {
        guard caller.reach.readsOthers else { return [] }
        return try TripStore(db: db).travellers(accompaniedBy: caller.accountKey)
    }

    /// Every trip `caller` accompanies or accompanied, active or arrived, with when they joined: a
    /// companion sees each trip's positions and alerts inside its window only (`CompanionWindow`).
    public func companionWindows(of caller: Caller, in db: Database) throws -> [CompanionWindow] {
        guard caller.reach.readsOthers else { return [] }
        return try TripStore(db: db).windows(of: caller.accountKey)
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

    /// Everyone who may watch `account` live: its guardians and the companions of its active trip,
    /// each once, in key order.
    public func watchers(of account: AccountKey, in db: Database) throws -> [AccountKey] {
        let guardians = try LinkStore(db: db).guardians(of: account)
        let companions = try TripStore(db: db).companions(ofActiveTripOf: account)
        return Set(guardians + companions).sorted()
    }

    /// Throws 404 unless `id` names a live session of `caller`'s own account: another account's
    /// session, an expired one and an unknown id look the same.
    public func requireOwnSession(_ id: String, of caller: Caller, at time: Timestamp, in db: Database) throws {
        guard try AccountStore(db: db).isSessionLive(id, of: caller.accountKey, at: time.unixMilliseconds) else {
            throw HTTPError.notFound()
        }
    }

    /// The two sides of link `id` when `caller` is one of them (either side may see and end a
    /// link); 404 otherwise.
    public func linkParties(
        _ id: String, visibleTo caller: Caller, in db: Database
    ) throws -> (guardian: AccountKey, dependent: AccountKey) {
        guard let parties = try LinkStore(db: db).parties(ofLink: id, involving: caller.accountKey) else {
            throw HTTPError.notFound()
        }
        return parties
    }
}
