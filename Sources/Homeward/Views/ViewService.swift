import HomewardGeo
import HomewardHTTP
import HomewardStore

/// Builds the guardian views from `latest_locations`, the quarter-hour motion totals, heartbeats and
/// the status board, never from history.
struct ViewService {
    /// A fix this recent with a speed above `movingSpeedMetresPerSecond` means `moving`.
    static let movingWindowMilliseconds: Int64 = 5 * 60 * 1000
    /// Speed above which a recent reliable fix means `moving`.
    static let movingSpeedMetresPerSecond = 0.5
    /// A fix this recent means at least `stationary`; older, `unknown`.
    static let stationaryWindowMilliseconds: Int64 = 15 * 60 * 1000

    /// Read for views, motion and location history.
    let database: any DatabaseReader
    /// Decides whose views the caller may see (404 otherwise).
    let accessPolicy: AccessPolicy
    /// The time a view is built at, and today for history and daily motion.
    let clock: any WallClock
    /// What the geo reactions concluded about each person.
    let statusBoard: PersonStatusBoard
    /// When each person was last heard from.
    let presence: Presence
    /// How often each person's phone reports.
    let reporting: ReportingObserver

    /// The views of the people the caller looks after (`GET /v1/dependents`).
    func dependents(of caller: Caller, today calendar: LocalCalendar) throws -> DependentsResponse {
        DependentsResponse(dependents: try database.read { db in
            try people(accessPolicy.dependents(of: caller, in: db), today: calendar, in: db)
        })
    }

    /// The view of the account `id`, when the caller may see it; 404 otherwise.
    func person(_ id: String, to caller: Caller, today calendar: LocalCalendar) throws -> PersonView {
        try database.read { db in try person(try accessPolicy.visibleAccount(id, to: caller, in: db), today: calendar, in: db) }
    }

    /// The location history of the account `id` as `query` asks, when the caller may see it.
    func locationHistory(of id: String, _ query: HistoryQuery, to caller: Caller) throws -> HTTPResponse {
        let (account, name) = try database.read { db in
            let account = try accessPolicy.visibleAccount(id, to: caller, in: db)
            return (account, try AccountStore(db: db).name(of: account) ?? "")
        }
        return try locationHistoryResponse(of: account, named: name, query, database: database)
    }

    /// The motion totals of the account `id` for each day from `first` to `last` in `calendar`'s zone
    /// (at most `maxDailyMotionDays`), when the caller may see it.
    func dailyMotion(of id: String, from first: LocalDate, to last: LocalDate, in calendar: LocalCalendar, to caller: Caller) throws -> DailyMotionResponse {
        try database.read { db in
            let account = try accessPolicy.visibleAccount(id, to: caller, in: db)
            var days: [DailyMotion] = []
            var day = first
            while day <= last {
                guard days.count < maxDailyMotionDays else {
                    throw HTTPError.invalidRequest("A request covers at most \(maxDailyMotionDays) days.", field: "from")
                }
                let totals = try MotionStore(db: db).totals(of: account, from: calendar.start(of: day), to: calendar.end(of: day))
                days.append(DailyMotion(
                    date: day.text, steps: totals.steps, distance: totals.distance,
                    activeMinutes: totals.activeMinutes))
                day = calendar.day(after: day)
            }
            return DailyMotionResponse(days: days)
        }
    }

    /// The view of `account`, with today's motion counted from midnight in `calendar`'s zone.
    func person(_ account: AccountKey, today calendar: LocalCalendar, in db: Database) throws -> PersonView {
        try people([account], today: calendar, in: db)[0]
    }

    /// The views of `accounts`, in order, read in one statement per table whatever their number (a
    /// guardian's list costs what one person's does); 404 if one of them does not exist.
    func people(_ accounts: [AccountKey], today calendar: LocalCalendar, in db: Database) throws -> [PersonView] {
        guard !accounts.isEmpty else { return [] }
        let now = clock.now()
        let today = calendar.day(of: now)
        let overviews = try AccountStore(db: db).overviews(of: accounts)
        let latestLocations = try LocationStore(db: db).latest(of: accounts)
        let located = accounts.filter { latestLocations[$0] != nil }
        let zones = try ZoneStore(db: db).zones(of: located)
        let motion = try MotionStore(db: db).totals(of: accounts, from: calendar.start(of: today), to: calendar.end(of: today))
        return try accounts.map { account in
            guard let overview = overviews[account] else { throw HTTPError.notFound() }
            let latest = latestLocations[account]
            let board = statusBoard.status(of: account)
            // A fix is counted from its own time, not from when it arrived: a phone resending an hour of
            // buffered fixes was not seen "0 seconds ago". Without any fix, the last authenticated request.
            let lastSeen = latest?.newestFixTime.unixMilliseconds
                ?? [presence.lastSeen(account)?.unixMilliseconds, overview.lastSeenAt?.unixMilliseconds].compactMap { $0 }.max()
            let heard = [presence.lastSeen(account)?.unixMilliseconds, overview.lastSeenAt?.unixMilliseconds].compactMap { $0 }.max()
                .map(Timestamp.init(unixMilliseconds:))
            let reporting = heard == nil && latest == nil ? nil
                : ReportingStatus(try reporting.assessment(of: account, heardAt: heard, at: now, in: db))
            return PersonView(
                account: AccountSummary(id: overview.id, name: overview.name),
                location: latest.map { LocationResource($0.fix) },
                status: StatusResource(
                    state: Self.state(reported: board?.state, of: latest?.fix, at: now),
                    lastSeenSeconds: lastSeen.map { Int(max(0, now.unixMilliseconds - $0) / Timestamp.millisecondsPerSecond) },
                    zone: board?.zone,
                    wandering: board?.wandering,
                    lastSeenAt: lastSeen.map(Timestamp.init(unixMilliseconds:)),
                    distanceFromHome: latest.flatMap { Self.distanceFromHome(zones[account] ?? [], at: $0.fix) },
                    reporting: reporting
                ),
                motionToday: motion[account] ?? MotionTotals()
            )
        }
    }

    /// Metres from `fix` to the centre of the home zone among `zones` (a polygon's: the mean of its
    /// vertices), if there is one.
    private static func distanceFromHome(_ zones: [ZoneResource], at fix: StoredLocation) -> Double? {
        guard let home = zones.first(where: \.home) else { return nil }
        let points = home.center.map { [$0] } ?? home.polygon ?? []
        guard !points.isEmpty else { return nil }
        let centre = Coordinate(
            lat: points.map(\.lat).reduce(0, +) / Double(points.count), lon: points.map(\.lon).reduce(0, +) / Double(points.count))
        return Haversine.distanceMetres(from: centre, to: Coordinate(lat: fix.lat, lon: fix.lon))
    }

    /// `moving`, `stationary` or `unknown`: what the geo reactions `reported` from the fixes, or the
    /// latest fix alone when they have no opinion, in both cases aged by the fix's own time (a fix
    /// older than `movingWindowMilliseconds` is nobody moving now, however late it arrived).
    static func state(reported: String?, of fix: StoredLocation?, at now: Timestamp) -> String {
        guard let fix else { return reported ?? "unknown" }
        let age = now.unixMilliseconds - fix.time.unixMilliseconds
        let moving = reported.map { $0 == "moving" }
            ?? (fix.isReliable && (fix.speedMetresPerSecond ?? 0) > movingSpeedMetresPerSecond)
        if moving, age <= movingWindowMilliseconds { return "moving" }
        return age <= stationaryWindowMilliseconds ? "stationary" : "unknown"
    }
}
