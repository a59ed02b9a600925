import HomewardGeo
import HomewardStore

/// The SQL of episodes and condition readings, on the connection of the caller's read or write block.
struct EpisodeStore {
    /// The connection of the current block.
    let db: Database

    private static let columns = """
        id, kind, start_ms, end_ms, lat, lon, temperature_c, uv_index, humidity_pct, wind_speed_mps,
        note, created_at_ms, updated_at_ms, conditions_source
        """

    /// Stores a new episode of `account`.
    func insert(_ episode: Episode, for account: AccountKey) throws {
        try db.execute(
            """
            INSERT INTO episodes (id, account_key, kind, start_ms, end_ms, lat, lon, temperature_c, uv_index,
                humidity_pct, wind_speed_mps, note, created_at_ms, updated_at_ms, conditions_source)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            episode.id, account, episode.kind, episode.start.unixMilliseconds, episode.end?.unixMilliseconds,
            episode.location?.lat, episode.location?.lon, episode.conditions.temperatureC, episode.conditions.uvIndex,
            episode.conditions.humidity, episode.conditions.windSpeed, episode.note,
            episode.createdAt.unixMilliseconds, episode.updatedAt.unixMilliseconds, episode.conditionsSource?.rawValue
        )
    }

    /// Writes the changeable fields of `episode` back; `retryWeather` lets the weather provider be
    /// asked again from the first attempt (the episode, still without conditions, got a new place).
    func update(_ episode: Episode, retryWeather: Bool = false) throws {
        try db.execute(
            """
            UPDATE episodes SET end_ms = ?, lat = ?, lon = ?, temperature_c = ?, uv_index = ?, humidity_pct = ?,
                wind_speed_mps = ?, note = ?, updated_at_ms = ?, conditions_source = ?,
                weather_attempts = CASE WHEN ? THEN 0 ELSE weather_attempts END,
                weather_next_attempt_ms = CASE WHEN ? THEN 0 ELSE weather_next_attempt_ms END
            WHERE id = ?
            """,
            episode.end?.unixMilliseconds, episode.location?.lat, episode.location?.lon,
            episode.conditions.temperatureC, episode.conditions.uvIndex, episode.conditions.humidity,
            episode.conditions.windSpeed, episode.note, episode.updatedAt.unixMilliseconds, episode.conditionsSource?.rawValue,
            retryWeather, retryWeather, episode.id
        )
    }

    /// The episode `id` of `account`, or nil.
    func episode(_ id: String, of account: AccountKey) throws -> Episode? {
        try db.fetchOne(
            "SELECT key, \(Self.columns) FROM episodes WHERE id = ? AND account_key = ?", [id, account], map: Self.episode(from:)
        )
    }

    /// Deletes the episode `id` of `account`; false when it has none.
    func deleteEpisode(_ id: String, of account: AccountKey) throws -> Bool {
        try db.execute("DELETE FROM episodes WHERE id = ? AND account_key = ?", id, account)
        return db.changes > 0
    }

    /// A page of the episodes of `account` by start time, optionally of one kind.
    func episodes(of account: AccountKey, kind: String?, matching query: ListQuery) throws -> ListPage<Episode> {
        try ListPageStore(db: db).page(
            of: "episodes", columns: Self.columns, timeColumn: "start_ms", of: account,
            where: kind.map { (column: "kind", value: $0) }, matching: query, time: \.start, map: Self.episode(from:)
        )
    }

    /// Stores background readings of `account`; returns how many were new (a reading at a time the
    /// account already has is a duplicate and is not stored again).
    func insertReadings(_ readings: [ConditionReading], for account: AccountKey) throws -> Int {
        var inserted = 0
        for reading in readings {
            try db.execute(
                """
                INSERT INTO condition_readings (account_key, t_ms, temperature_c, uv_index, humidity_pct, wind_speed_mps)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """, arguments: [
                account, reading.t.unixMilliseconds, reading.temperatureC, reading.uvIndex, reading.humidity, reading.windSpeed,
            ])
            inserted += db.changes
        }
        return inserted
    }

    /// Count, durations and condition averages of the episodes of `account` (of `kind` when given)
    /// that start in `[from, to)`, compared with the person's baseline: the background readings in
    /// that range taken outside every episode of theirs (of any kind; an open episode covers
    /// `EpisodeLimits.openEpisodeWindowSeconds` from its start).
    func statistics(of account: AccountKey, kind: String?, from: Timestamp?, to: Timestamp?) throws -> EpisodeStatistics {
        let fromMs = from?.unixMilliseconds ?? Int64.min
        let toMs = to?.unixMilliseconds ?? Int64.max
        let moments = Self.conditionColumns.map { column in
            "avg(\(column)) AS \(column)_avg, count(\(column)) AS \(column)_count, avg(\(column) * \(column)) AS \(column)_avg_square"
        }.joined(separator: ", ")
        let episodes = try db.fetchOne(
            """
            SELECT count(*) AS episode_count, count(end_ms) AS ended_count, avg(end_ms - start_ms) AS avg_duration_ms, \(moments)
            FROM episodes WHERE account_key = ? AND (CAST(? AS TEXT) IS NULL OR kind = ?) AND start_ms >= ? AND start_ms < ?
            """,
            [account, kind, kind, fromMs, toMs]
        ) { row in
            (count: try row.value(named: "episode_count") as Int, ended: try row.value(named: "ended_count") as Int,
             averageDuration: try row.value(named: "avg_duration_ms") as Double?, moments: try Self.moments(in: row))
        }
        let baseline = try db.fetchOne(
            """
            SELECT \(moments) FROM condition_readings r
            WHERE r.account_key = ? AND r.t_ms >= ? AND r.t_ms < ?
              AND NOT EXISTS (
                SELECT 1 FROM episodes e
                WHERE e.account_key = r.account_key AND e.start_ms <= r.t_ms
                  AND r.t_ms <= coalesce(e.end_ms, e.start_ms + ?)
              )
            """,
            [account, fromMs, toMs, EpisodeLimits.openEpisodeWindowSeconds * Timestamp.millisecondsPerSecond]
        ) { row in try Self.moments(in: row) }
        return EpisodeStatistics(
            count: episodes?.count ?? 0, endedCount: episodes?.ended ?? 0, averageDurationMilliseconds: episodes?.averageDuration,
            episodeMoments: episodes?.moments ?? [], baselineMoments: baseline ?? [])
    }

    /// The moments of each condition in `row`, in the order of `conditionColumns`.
    private static func moments(in row: Row) throws -> [ConditionMoments] {
        try conditionColumns.map { column in
            ConditionMoments(
                average: try row.value(named: "\(column)_avg"), count: try row.value(named: "\(column)_count"),
                meanOfSquares: try row.value(named: "\(column)_avg_square"))
        }
    }

    /// The episodes still without conditions whose weather is due at `now` (fewer than `maxAttempts`
    /// attempts, starting at or after `oldest`), earliest retry first, at most `limit`.
    func awaitingWeather(
        at now: Int64, maxAttempts: Int, startingFrom oldest: Int64, limit: Int
    ) throws -> [(id: String, account: AccountKey, start: Int64, location: Coordinate?, attempts: Int)] {
        try db.fetchAll(
            """
            SELECT id, account_key, start_ms, lat, lon, weather_attempts FROM episodes
            WHERE conditions_source IS NULL AND weather_next_attempt_ms <= ? AND weather_attempts < ? AND start_ms >= ?
            ORDER BY weather_next_attempt_ms, start_ms LIMIT ?
            """,
            [now, maxAttempts, oldest, limit]
        ) { row in
            let lat: Double? = try row.value(named: "lat")
            let lon: Double? = try row.value(named: "lon")
            return (
                id: try row.value(named: "id"), account: try row.value(named: "account_key"), start: try row.value(named: "start_ms"),
                location: lat.flatMap { lat in lon.map { Coordinate(lat: lat, lon: $0) } },
                attempts: try row.value(named: "weather_attempts"))
        }
    }

    /// The earliest weather retry of an episode still without conditions that has fewer than
    /// `maxAttempts` attempts and starts at or after `oldest`.
    func nextWeatherAttempt(maxAttempts: Int, startingFrom oldest: Int64) throws -> Int64? {
        try db.fetchOne(
            """
            SELECT min(weather_next_attempt_ms) FROM episodes
            WHERE conditions_source IS NULL AND weather_attempts < ? AND start_ms >= ?
            """,
            [maxAttempts, oldest])
    }

    /// Gives episode `id`, still without conditions, the weather provider's `conditions` at `now`.
    func fillConditions(_ conditions: EpisodeConditions, ofEpisode id: String, at now: Int64) throws {
        try db.execute(
            """
            UPDATE episodes SET temperature_c = ?, uv_index = ?, humidity_pct = ?, wind_speed_mps = ?,
                conditions_source = 'server', updated_at_ms = ?
            WHERE id = ? AND conditions_source IS NULL
            """,
            conditions.temperatureC, conditions.uvIndex, conditions.humidity, conditions.windSpeed, now, id)
    }

    /// Records `attempts` failed weather lookups of episode `id`, still without conditions; the next
    /// is at `nextAttempt`.
    func recordWeatherFailure(ofEpisode id: String, attempts: Int, nextAttempt: Int64) throws {
        try db.execute(
            "UPDATE episodes SET weather_attempts = ?, weather_next_attempt_ms = ? WHERE id = ? AND conditions_source IS NULL",
            attempts, nextAttempt, id)
    }

    /// The condition columns, in the order of `EpisodeStatistics.conditionNames`.
    static let conditionColumns = ["temperature_c", "uv_index", "humidity_pct", "wind_speed_mps"]

    private static func episode(from row: Row) throws -> Episode {
        let lat: Double? = try row.value(named: "lat")
        let lon: Double? = try row.value(named: "lon")
        return Episode(
            id: try row.value(named: "id"), kind: try row.value(named: "kind"),
            start: Timestamp(unixMilliseconds: try row.value(named: "start_ms")),
            end: try (row.value(named: "end_ms") as Int64?).map(Timestamp.init(unixMilliseconds:)),
            location: lat.flatMap { lat in lon.map { Coordinate(lat: lat, lon: $0) } },
            conditions: EpisodeConditions(
                temperatureC: try row.value(named: "temperature_c"), uvIndex: try row.value(named: "uv_index"),
                humidity: try row.value(named: "humidity_pct"), windSpeed: try row.value(named: "wind_speed_mps")
            ),
            conditionsSource: try (row.value(named: "conditions_source") as String?).flatMap(ConditionsSource.init(rawValue:)),
            note: try row.value(named: "note"),
            createdAt: Timestamp(unixMilliseconds: try row.value(named: "created_at_ms")),
            updatedAt: Timestamp(unixMilliseconds: try row.value(named: "updated_at_ms"))
        )
    }
}
