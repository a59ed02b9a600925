import HomewardHTTP
import HomewardStore

/// What the episode endpoints do: a person's own episodes (start, change, delete), readings of
/// conditions, and the lists and statistics their guardians may read too. An episode stored without
/// conditions wakes the weather filler once committed.
struct EpisodeService: Sendable {
    /// Holds the episodes and condition readings.
    let database: any DatabaseWriter
    /// Decides whose episodes the caller may read (404 otherwise).
    let accessPolicy: AccessPolicy
    /// The time an episode is written or a reading checked against.
    let clock: any WallClock
    /// Woken after the commit of an episode whose weather is still to be filled in.
    let weatherFiller: WeatherFiller

    /// Starts the episode `request` describes for the caller.
    func start(_ request: EpisodeStartRequest, by caller: Caller) throws -> Episode {
        let episode = try request.validated(id: SecureRandom.identifier(), now: clock.now())
        try database.write { db in
            try EpisodeStore(db: db).insert(episode, for: caller.accountKey)
            if episode.conditionsSource == nil { db.afterCommit { weatherFiller.wake() } }
        }
        return episode
    }

    /// Changes the caller's episode `id` as `request` says; 404 when they have none such.
    func update(_ id: String, with request: EpisodeUpdateRequest, by caller: Caller) throws -> Episode {
        let now = clock.now()
        return try database.write { db in
            let store = EpisodeStore(db: db)
            guard let stored = try store.episode(id, of: caller.accountKey) else { throw HTTPError.notFound() }
            let updated = try request.applied(to: stored, now: now)
            let newPlace = updated.conditionsSource == nil && request.location != nil
            try store.update(updated, retryWeather: newPlace)
            if newPlace { db.afterCommit { weatherFiller.wake() } }
            return updated
        }
    }

    /// Deletes the caller's episode `id`; 404 when they have none such.
    func delete(_ id: String, by caller: Caller) throws {
        let deleted = try database.write { db in try EpisodeStore(db: db).deleteEpisode(id, of: caller.accountKey) }
        guard deleted else { throw HTTPError.notFound() }
    }

    /// The episodes of `accountID` (the caller when nil) as `query` asks, JSON or CSV.
    func list(of accountID: String?, _ query: EpisodeListQuery, for caller: Caller) throws -> HTTPResponse {
        try database.read { db in
            let account = try accessPolicy.readableAccount(accountID, by: caller, in: db)
            return try query.response(listing: account, in: db)
        }
    }

    /// The statistics of `accountID`'s episodes (of `kind`, when given) in `range`.
    func statistics(of accountID: String?, kind: String?, in range: ListQuery, for caller: Caller) throws -> EpisodeStatistics {
        try database.read { db in
            let account = try accessPolicy.readableAccount(accountID, by: caller, in: db)
            return try EpisodeStore(db: db).statistics(of: account, kind: kind, from: range.from, to: range.to)
        }
    }

    /// Stores the caller's condition readings; a reading sent twice is counted as a duplicate.
    func addReadings(_ request: ConditionReadingsRequest, by caller: Caller) throws -> ConditionReadingsResult {
        try request.validate(now: clock.now())
        let accepted = try database.write { db in try EpisodeStore(db: db).insertReadings(request.readings, for: caller.accountKey) }
        return ConditionReadingsResult(accepted: accepted, duplicates: request.readings.count - accepted)
    }
}
