import Foundation
import HomewardGeo
import HomewardStore
import HomewardSync
import Logging

/// Fills in the conditions of episodes stored without any, from the weather provider
/// (`--weather-url`, Open-Meteo's API), after their write commits: a request never waits for it and
/// never fails for it.
///
/// Each pass reads the episodes still without conditions that are due (recent, not given up, past
/// their back-off), takes each one's place (its location, else the person's stored fix nearest its
/// start within `WeatherLimits.maxPositionAgeSeconds`) and looks up the weather of that cell
/// (`WeatherCell`) at the hour the episode began in the cache. A miss asks the provider for the
/// whole UTC day of that cell, once, however many episodes wait on it; the answer fills the cache
/// (hours not yet over are not kept: they are still a forecast) and wakes the next pass, which
/// writes the conditions with `conditions_source = 'server'`. A failure (no place, a network error,
/// an error answer, no value for the hour) counts an attempt against each episode waiting on it and
/// puts it off by `firstRetrySeconds`, doubled per attempt, until `maxAttempts` (`WeatherSettings`); the
/// attempts are in the database, so a restart picks up where it stopped.
///
/// `@unchecked Sendable`: `cache`, `pending` and `failedFetches` are guarded by `state`; `passLock`
/// keeps two passes (the thread's and a test's) apart.
public final class WeatherFiller: @unchecked Sendable {
    /// One fetch: a cell's UTC day from one of the provider's APIs.
    private struct FetchKey: Hashable {
        let cell: WeatherCell
        let day: Int64
        let api: OpenMeteo.API
    }

    /// An episode without conditions, as a pass reads it.
    private struct Due {
        let id: String
        let start: Int64
        let attempts: Int
        let place: Coordinate?
    }

    private let database: any DatabaseWriter
    private let client: OutgoingHTTPClient
    private let clock: any WallClock
    private let settings: WeatherSettings
    private let logger: Logger
    private let loop = BackgroundLoop(name: "weather")
    private let passLock = NSLock()
    private let state = ConditionLock()
    private var cache: WeatherCache
    private var pending: Set<FetchKey> = []
    private var failedFetches: [FetchKey: String] = [:]
    private var requestsSent = 0

    /// Creates a stopped filler that asks the provider of `settings` through `client`.
    public init(
        database: any DatabaseWriter, client: OutgoingHTTPClient, clock: any WallClock, settings: WeatherSettings, logger: Logger
    ) {
        self.database = database
        self.client = client
        self.clock = clock
        self.settings = settings
        self.logger = logger
        cache = WeatherCache(capacity: settings.cacheEntries)
    }

    /// True when a weather provider is configured.
    public var isEnabled: Bool { !settings.forecastURL.isEmpty }

    /// Starts the filler's thread when a provider is configured.
    public func start() {
        guard isEnabled else { return }
        loop.start(failure: "weather pass failed", logger: logger, retrySeconds: WeatherLimits.maxSleepSeconds) { [self] in
            passLock.lock()
            defer { passLock.unlock() }
            return try pass()
        }
    }

    /// Makes the thread look for episodes now (one without conditions was committed).
    public func wake() { loop.wake() }

    /// Stops the thread after the pass in progress.
    public func stop() { loop.stop() }

    /// Requests sent to the provider so far.
    public var requestCount: Int { state.withLock { requestsSent } }

    /// Runs a pass on the calling thread, waits for the provider's answers and runs another that
    /// writes them; returns how many episodes got conditions (tests move a manual clock between calls).
    @discardableResult
    public func fillDue() throws -> Int {
        guard isEnabled else { return 0 }
        passLock.lock()
        defer { passLock.unlock() }
        var filled = try fillFromCacheAndFetch().filled
        state.withLock {
            while !pending.isEmpty { state.wait() }
        }
        filled += try fillFromCacheAndFetch().filled
        return filled
    }

    /// One pass; returns the seconds to sleep.
    private func pass() throws -> Double {
        let outcome = try fillFromCacheAndFetch()
        if outcome.taken == WeatherLimits.batchSize && outcome.progressed { return 0 }
        return try secondsUntilNextDue()
    }

    /// Reads the due episodes; writes those whose hour is cached and the failures, and asks the
    /// provider for the rest.
    private func fillFromCacheAndFetch() throws -> (taken: Int, filled: Int, progressed: Bool) {
        let now = clock.now().unixMilliseconds
        let due = try dueEpisodes(now: now)
        guard !due.isEmpty else { return (0, 0, false) }
        let failures: [FetchKey: String] = state.withLock {
            defer { failedFetches = [:] }
            return failedFetches
        }
        var fills: [(id: String, conditions: EpisodeConditions)] = []
        var failed: [(episode: Due, reason: String, final: Bool)] = []
        var fetches: [FetchKey] = []
        state.withLock {
            for episode in due {
                guard let place = episode.place else {
                    failed.append((episode, "no place: the episode has no location and the person no fix within an hour of its start", false))
                    continue
                }
                let cell = WeatherCell(place)
                let hour = Self.floor(episode.start, to: Self.millisecondsPerHour)
                if let conditions = cache[WeatherCache.Key(cell: cell, hour: hour)] {
                    if conditions.isEmpty {
                        failed.append((episode, "the weather provider has no values for that hour", false))
                    } else {
                        fills.append((episode.id, conditions))
                    }
                    continue
                }
                let isRecent = episode.start >= now - OpenMeteo.forecastPastDays * Self.millisecondsPerDay
                guard isRecent || !settings.archiveURL.isEmpty else {
                    failed.append((episode, "older than the forecast API answers for, and no --weather-archive-url", true))
                    continue
                }
                let key = FetchKey(cell: cell, day: Self.floor(episode.start, to: Self.millisecondsPerDay),
                                   api: isRecent ? .forecast : .archive)
                if let reason = failures[key] {
                    failed.append((episode, reason, false))
                } else if !pending.contains(key) {
                    pending.insert(key)
                    fetches.append(key)
                }
            }
        }
        if !fills.isEmpty || !failed.isEmpty { try record(fills: fills, failures: failed, now: now) }
        for key in fetches { fetch(key) }
        return (due.count, fills.count, !fills.isEmpty || !failed.isEmpty)
    }

    private func dueEpisodes(now: Int64) throws -> [Due] {
        let oldest = now - Int64(settings.lookbackDays) * Self.millisecondsPerDay
        let margin = WeatherLimits.maxPositionAgeSeconds * Timestamp.millisecondsPerSecond
        return try database.read { db in
            let episodes = try EpisodeStore(db: db).awaitingWeather(
                at: now, maxAttempts: settings.maxAttempts, startingFrom: oldest, limit: WeatherLimits.batchSize)
            let locations = LocationStore(db: db)
            return try episodes.map { episode in
                let place = try episode.location ?? locations.position(of: episode.account, nearest: episode.start, within: margin)
                    .map { Coordinate(lat: $0.lat, lon: $0.lon) }
                return Due(id: episode.id, start: episode.start, attempts: episode.attempts, place: place)
            }
        }
    }

    /// Writes the conditions found and the failed attempts in one transaction.
    private func record(
        fills: [(id: String, conditions: EpisodeConditions)], failures: [(episode: Due, reason: String, final: Bool)], now: Int64
    ) throws {
        let maxAttempts = settings.maxAttempts
        try database.write { db in
            let episodes = EpisodeStore(db: db)
            for fill in fills {
                try episodes.fillConditions(fill.conditions, ofEpisode: fill.id, at: now)
            }
            for failure in failures {
                let attempts = failure.final ? maxAttempts : failure.episode.attempts + 1
                let delay = settings.firstRetrySeconds * pow(2, Double(min(attempts - 1, 30)))
                try episodes.recordWeatherFailure(
                    ofEpisode: failure.episode.id, attempts: attempts, nextAttempt: now + Int64(delay * 1000))
            }
        }
        for failure in failures {
            let givenUp = failure.final || failure.episode.attempts + 1 >= maxAttempts
            logger.log(
                level: givenUp ? .warning : .info, givenUp ? "weather of an episode given up" : "weather of an episode failed, will retry",
                metadata: ["episode": "\(failure.episode.id)", "reason": "\(failure.reason)",
                           "attempts": "\(failure.final ? maxAttempts : failure.episode.attempts + 1)"])
        }
    }

    /// Asks the provider for `key`'s day; the answer fills the cache, or the failure is kept for the
    /// next pass, which is woken either way.
    private func fetch(_ key: FetchKey) {
        let base = key.api == .forecast ? settings.forecastURL : settings.archiveURL
        let text = OpenMeteo.url(base: base, api: key.api, cell: key.cell, day: Timestamp(unixMilliseconds: key.day))
        guard let url = OutgoingURL(text) else {
            finish(key, .failure(WeatherError("not an http or https URL: \(text)")))
            return
        }
        state.withLock { requestsSent += 1 }
        client.send(OutgoingRequest(method: "GET", url: url, headers: [OutgoingHeader("Accept", "application/json")])) { [self] result in
            switch result {
            case .success(let response) where response.isSuccess:
                do {
                    finish(key, .success(try OpenMeteo.hours(from: response.body)))
                } catch {
                    finish(key, .failure(WeatherError("unreadable answer: \(error)")))
                }
            case .success(let response):
                let reason = OpenMeteo.reason(from: response.body).map { ": \($0)" } ?? ""
                finish(key, .failure(WeatherError("HTTP \(response.status)\(reason)")))
            case .failure(let error):
                finish(key, .failure(WeatherError(error.description)))
            }
        }
    }

    /// Stores an answer (called on the client's thread).
    private func finish(_ key: FetchKey, _ result: Result<[Timestamp: EpisodeConditions], WeatherError>) {
        let currentHour = Self.floor(clock.now().unixMilliseconds, to: Self.millisecondsPerHour)
        state.withLock {
            pending.remove(key)
            switch result {
            case .success(let hours):
                var hour = key.day
                while hour < key.day + Self.millisecondsPerDay && hour <= currentHour {
                    let conditions = hours[Timestamp(unixMilliseconds: hour)] ?? EpisodeConditions()
                    cache.store(conditions, for: WeatherCache.Key(cell: key.cell, hour: hour))
                    hour += Self.millisecondsPerHour
                }
            case .failure(let error):
                failedFetches[key] = error.description
                logger.info("weather request failed", metadata: ["cell": "\(key.cell.latitudeText),\(key.cell.longitudeText)", "error": "\(error)"])
            }
            state.broadcast()
        }
        loop.wake()
    }

    /// Seconds until the earliest retry of an episode still without conditions, at most
    /// `WeatherLimits.maxSleepSeconds`; the longest sleep while answers are awaited (they wake the thread).
    private func secondsUntilNextDue() throws -> Double {
        let now = clock.now().unixMilliseconds
        let oldest = now - Int64(settings.lookbackDays) * Self.millisecondsPerDay
        let next = try database.read { db in
            try EpisodeStore(db: db).nextWeatherAttempt(maxAttempts: settings.maxAttempts, startingFrom: oldest)
        }
        guard let next else { return WeatherLimits.maxSleepSeconds }
        if next <= now { return state.withLock { pending.isEmpty } ? 1 : WeatherLimits.maxSleepSeconds }
        return min(WeatherLimits.maxSleepSeconds, Double(next - now) / 1000)
    }

    private static let millisecondsPerHour: Int64 = 3_600_000
    private static let millisecondsPerDay: Int64 = 86_400_000

    private static func floor(_ value: Int64, to unit: Int64) -> Int64 {
        value >= 0 ? value / unit * unit : (value - unit + 1) / unit * unit
    }
}
