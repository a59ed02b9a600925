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

    /// The time a view is built at.
    let clock: any WallClock
    /// What the geo reactions concluded about each person.
    let statusBoard: PersonStatusBoard
    /// When each person was last heard from.
    let presence: Presence
    /// How often each person's phone reports.
    let reporting: ReportingObserver

    /// The view of `account`, with today's motion counted from midnight in `calendar`'s zone.
    func person(_ account: AccountKey, today calendar: LocalCalendar, in db: Database) throws -> PersonView {
        let now = clock.now()
        guard let overview = try AccountStore(db: db).overview(of: account) else { throw HTTPError.notFound() }
        let latest = try LocationStore(db: db).latest(of: account)
        let board = statusBoard.status(of: account)
        // A fix is counted from its own time, not from when it arrived: a phone resending an hour of
        // buffered fixes was not seen "0 seconds ago". Without any fix, the last authenticated request.
        let lastSeen = latest?.newestFixTime.unixMilliseconds
            ?? [presence.lastSeen(account)?.unixMilliseconds, overview.lastSeenAt?.unixMilliseconds].compactMap { $0 }.max()
        let heard = [presence.lastSeen(account)?.unixMilliseconds, overview.lastSeenAt?.unixMilliseconds].compactMap { $0 }.max()
            .map(Timestamp.init(unixMilliseconds:))
        let reporting = heard == nil && latest == nil ? nil
            : ReportingStatus(try reporting.assessment(of: account, heardAt: heard, at: now, in: db))
        let today = calendar.day(of: now)
        return PersonView(
            account: AccountSummary(id: overview.id, name: overview.name),
            location: latest.map { LocationResource($0.fix) },
            status: StatusResource(
                state: Self.state(reported: board?.state, of: latest?.fix, at: now),
                lastSeenSeconds: lastSeen.map { Int(max(0, now.unixMilliseconds - $0) / Timestamp.millisecondsPerSecond) },
                zone: board?.zone,
                wandering: board?.wandering,
                lastSeenAt: lastSeen.map(Timestamp.init(unixMilliseconds:)),
                distanceFromHome: try latest.flatMap { try distanceFromHome(of: account, at: $0.fix, in: db) },
                reporting: reporting
            ),
            motionToday: try MotionStore(db: db).totals(of: account, from: calendar.start(of: today), to: calendar.end(of: today))
        )
    }

    /// Metres from `fix` to the home zone's centre (a polygon's: the mean of its vertices), if the
    /// person has a home zone.
    private func distanceFromHome(of account: AccountKey, at fix: StoredLocation, in db: Database) throws -> Double? {
        guard let home = try ZoneStore(db: db).zones(of: account).first(where: \.home) else { return nil }
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
