import Foundation
import HomewardGeo
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import Logging
import XCTest
@testable import Homeward

/// The Headache Tracker's weather: an episode stored without conditions gets them from the weather
/// provider (a stand-in speaking Open-Meteo's API, Tests/Receivers/weather_receiver.py) after its write
/// commits, marked as the server's; cached per cell and hour, retried with back-off a bounded number
/// of times, off by default, and never in the way of the request.
final class EpisodeWeatherTests: XCTestCase {
    private typealias S = JournalTestSupport

    /// A test app whose weather provider is `receiver`; the clock is moved to 18:00 UTC of a day, so
    /// that the afternoon's hours are over and belong to one UTC day.
    private func app(
        provider receiver: PythonReceiver<WeatherReceiverRecord>?, configure: (inout AppConfiguration) -> Void = { _ in }
    ) throws -> TestApp {
        let test = try TestApp { configuration in
            configuration.outgoingAllowHosts = ["127.0.0.1"]
            if let receiver { configuration.weatherURL = "http://127.0.0.1:\(receiver.port)" }
            configure(&configuration)
        }
        let day: Int64 = 86_400_000
        let now = test.clock.now().unixMilliseconds
        test.clock.set(to: Timestamp(unixMilliseconds: now / day * day + day + 18 * 3_600_000))
        return test
    }

    /// `hours` hours before the clock, as RFC 3339.
    private func time(_ test: TestApp, hoursAgo hours: Double) -> String {
        test.clock.now().adding(milliseconds: Int64(-hours * 3_600_000)).rfc3339
    }

    /// The UTC hour of day of a time `hoursAgo` before the clock.
    private func hourOfDay(_ test: TestApp, hoursAgo: Double) -> Int {
        Int((test.clock.now().unixMilliseconds - Int64(hoursAgo * 3_600_000)) % 86_400_000 / 3_600_000)
    }

    private func episodes(_ client: HTTPTestClient, of person: TestApp.Account) throws -> [String: EpisodeBody] {
        let list = try S.send(client, .get, "/v1/episodes?limit=500", as: person).decode(EpisodeListBody.self)
        return Dictionary(uniqueKeysWithValues: list.episodes.map { ($0.id, $0) })
    }

    private func post(_ client: HTTPTestClient, _ person: TestApp.Account, _ episode: API.EpisodeRequest) throws -> EpisodeBody {
        let response = try S.send(client, .post, "/v1/episodes", as: person, body: episode)
        XCTAssertEqual(response.status, .created, response.text)
        return try response.decode(EpisodeBody.self)
    }

    func testAnEpisodeWithoutWeatherGetsTheProvidersMarkedAsTheServersAndOneWithWeatherIsLeftAlone() throws {
        let receiver = try PythonReceiver<WeatherReceiverRecord>(script: "weather_receiver.py")
        let test = try app(provider: receiver)
        let anna = try test.makeAccount()
        try test.withClient { client in
            let bare = try post(client, anna, API.EpisodeRequest(kind: "migraine", start: time(test, hoursAgo: 3.5), location: Coordinate(lat: 52.52, lon: 13.405)))
            XCTAssertNil(bare.conditionsSource, "the request is answered before any weather is fetched")
            XCTAssertEqual(bare.conditions, .init(temperatureC: nil, uvIndex: nil, humidity: nil, windSpeed: nil))
            let typed = try post(client, anna, API.EpisodeRequest(
                kind: "migraine", start: time(test, hoursAgo: 2), location: Coordinate(lat: 52.52, lon: 13.405),
                conditions: EpisodeConditions(temperatureC: 31, humidity: 20)))
            XCTAssertEqual(typed.conditionsSource, "client")

            XCTAssertEqual(try test.app.weatherFiller.fillDue(), 1)
            let stored = try episodes(client, of: anna)
            let filled = try XCTUnwrap(stored[bare.id])
            let hour = Double(hourOfDay(test, hoursAgo: 3.5))
            XCTAssertEqual(filled.conditionsSource, "server")
            XCTAssertEqual(try XCTUnwrap(filled.conditions.temperatureC), 10 + hour / 2 + 52.5 / 100, accuracy: 0.01)
            XCTAssertEqual(filled.conditions.humidity, 40 + hour)
            XCTAssertEqual(filled.conditions.windSpeed, 2.5, "asked in metres per second")
            XCTAssertEqual(filled.conditions.uvIndex, hour / 4)
            XCTAssertEqual(stored[typed.id]?.conditionsSource, "client")
            XCTAssertEqual(stored[typed.id]?.conditions, .init(temperatureC: 31, uvIndex: nil, humidity: 20, windSpeed: nil))

            let csv = try S.send(client, .get, "/v1/episodes?format=csv", as: anna).text
            XCTAssertTrue(csv.contains(",server,"), csv)
        }
        XCTAssertEqual(try receiver.records(atLeast: 1).count, 1, "the episode with weather costs no request")
        let request = try XCTUnwrap(try receiver.records(atLeast: 1).first)
        XCTAssertEqual(request.path, "/v1/forecast")
        XCTAssertEqual(request.status, 200)
        let query = try XCTUnwrap(request.query)
        XCTAssertEqual(query["latitude"], "52.50")
        XCTAssertEqual(query["longitude"], "13.40")
        XCTAssertEqual(query["hourly"], "temperature_2m,relative_humidity_2m,wind_speed_10m,uv_index")
        XCTAssertEqual(query["wind_speed_unit"], "ms")
        XCTAssertEqual(query["timezone"], "GMT")
        XCTAssertEqual(query["start_date"], String(time(test, hoursAgo: 3.5).prefix(10)))
        XCTAssertEqual(query["end_date"], query["start_date"])
    }

    func testFiftyEpisodesInOneTownOneAfternoonCostOneRequestAndAFixStandsInForAMissingLocation() throws {
        let receiver = try PythonReceiver<WeatherReceiverRecord>(script: "weather_receiver.py")
        let test = try app(provider: receiver)
        let anna = try test.makeAccount()
        try test.withClient { client in
            let fixTime = Double(test.clock.now().unixMilliseconds) / 1000 - 5 * 3600 - 120
            let fix = API.LocationBatch(samples: [API.LocationSample(t: fixTime, lat: 52.53, lon: 13.38, accuracy: 8)])
            XCTAssertEqual(try S.send(client, .post, "/v1/locations", as: anna, body: fix).status, .ok)
            let placeless = try post(client, anna, API.EpisodeRequest(kind: "headache", start: time(test, hoursAgo: 5)))
            var ids = [placeless.id]
            for index in 0..<24 {
                let place = Coordinate(lat: 52.51 + Double(index % 4) * 0.01, lon: 13.37 + Double(index % 5) * 0.01)
                ids.append(try post(client, anna, API.EpisodeRequest(kind: "headache", start: time(test, hoursAgo: 5 - Double(index) * 0.2), location: place)).id)
            }
            XCTAssertEqual(try test.app.weatherFiller.fillDue(), 25)
            for index in 0..<25 {
                ids.append(try post(client, anna, API.EpisodeRequest(kind: "headache", start: time(test, hoursAgo: 4.9 - Double(index) * 0.18), location: Coordinate(lat: 52.5, lon: 13.4))).id)
            }
            XCTAssertEqual(try test.app.weatherFiller.fillDue(), 25, "the second half comes from the cache")
            let stored = try episodes(client, of: anna)
            XCTAssertEqual(ids.count, 50)
            for id in ids { XCTAssertEqual(stored[id]?.conditionsSource, "server", id) }
            let hour = Double(hourOfDay(test, hoursAgo: 5))
            XCTAssertEqual(try XCTUnwrap(stored[placeless.id]?.conditions.temperatureC), 10 + hour / 2 + 52.5 / 100, accuracy: 0.01,
                           "the person's fix at the episode's time gave its place")
        }
        XCTAssertEqual(try receiver.records(atLeast: 1).count, 1)
        XCTAssertEqual(test.app.weatherFiller.requestCount, 1)
    }

    func testAFailingProviderIsRetriedWithBackOffAndThenSucceeds() throws {
        let receiver = try PythonReceiver<WeatherReceiverRecord>(script: "weather_receiver.py", arguments: ["--fail-first", "2"])
        let test = try app(provider: receiver) { $0.weatherFirstRetrySeconds = 60 }
        let anna = try test.makeAccount()
        let episode = try test.withClient { client in
            try post(client, anna, API.EpisodeRequest(kind: "migraine", start: time(test, hoursAgo: 1), location: Coordinate(lat: -33.87, lon: 151.21)))
        }
        XCTAssertEqual(try test.app.weatherFiller.fillDue(), 0)
        XCTAssertEqual(try attempts(of: episode.id, in: test), 1)
        XCTAssertEqual(try test.app.weatherFiller.fillDue(), 0)
        XCTAssertEqual(try receiver.records(atLeast: 1).count, 1, "no second request before the back-off")
        test.clock.advance(bySeconds: 61)
        XCTAssertEqual(try test.app.weatherFiller.fillDue(), 0)
        XCTAssertEqual(try attempts(of: episode.id, in: test), 2)
        test.clock.advance(bySeconds: 61)
        XCTAssertEqual(try test.app.weatherFiller.fillDue(), 0)
        XCTAssertEqual(try receiver.records(atLeast: 2).count, 2, "the second delay is twice the first")
        test.clock.advance(bySeconds: 60)
        XCTAssertEqual(try test.app.weatherFiller.fillDue(), 1)
        XCTAssertEqual(try receiver.records(atLeast: 3).map { $0.status }, [500, 500, 200])
        let source: String? = try test.app.database.read { db in
            try db.fetchOne("SELECT conditions_source FROM episodes WHERE id = ?", [episode.id]) { try $0.value(at: 0) as String? } ?? nil
        }
        XCTAssertEqual(source, "server")
    }

    func testAProviderThatKeepsFailingIsGivenUpAfterTheMaximumAttempts() throws {
        let receiver = try PythonReceiver<WeatherReceiverRecord>(script: "weather_receiver.py", arguments: ["--mode", "fail"])
        let test = try app(provider: receiver) {
            $0.weatherMaxAttempts = 3
            $0.weatherFirstRetrySeconds = 10
        }
        let anna = try test.makeAccount()
        let episode = try test.withClient { client in
            try post(client, anna, API.EpisodeRequest(kind: "migraine", start: time(test, hoursAgo: 1), location: Coordinate(lat: 48.85, lon: 2.35)))
        }
        for _ in 0..<6 {
            XCTAssertEqual(try test.app.weatherFiller.fillDue(), 0)
            test.clock.advance(bySeconds: 3_600)
        }
        XCTAssertEqual(try receiver.records(atLeast: 3).count, 3)
        XCTAssertEqual(try attempts(of: episode.id, in: test), 3)
        try test.withClient { client in
            let stored = try XCTUnwrap(try episodes(client, of: anna)[episode.id])
            XCTAssertNil(stored.conditionsSource)
        }
    }

    func testTheRequestIsAnsweredAtOnceWhileTheProviderHangsAndTheFailureIsCountedAfterwards() throws {
        let receiver = try PythonReceiver<WeatherReceiverRecord>(script: "weather_receiver.py", arguments: ["--mode", "hang"])
        let test = try app(provider: receiver) { $0.webhookTimeoutSeconds = 1 }
        test.app.weatherFiller.start()
        let anna = try test.makeAccount()
        let episode = try test.withClient { client in
            let started = Date()
            let episode = try post(client, anna, API.EpisodeRequest(kind: "migraine", start: time(test, hoursAgo: 1), location: Coordinate(lat: 40.71, lon: -74.01)))
            _ = try receiver.waitForRecord { $0.path == "/v1/forecast" }
            let second = try post(client, anna, API.EpisodeRequest(kind: "migraine", start: time(test, hoursAgo: 0.5), location: Coordinate(lat: 40.71, lon: -74.01)))
            XCTAssertNil(second.conditionsSource)
            XCTAssertLessThan(Date().timeIntervalSince(started), 1, "answered while the provider holds its request")
            return episode
        }
        try Deadline.waitUntil { try attempts(of: episode.id, in: test) > 0 }
        XCTAssertEqual(try attempts(of: episode.id, in: test), 1, "the timed-out request counts one attempt")
    }

    func testTheRunningServerFillsAnEpisodeOnceItsWriteCommits() throws {
        let receiver = try PythonReceiver<WeatherReceiverRecord>(script: "weather_receiver.py")
        let test = try app(provider: receiver)
        try test.app.startBackgroundWork()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let episode = try post(client, anna, API.EpisodeRequest(kind: "migraine", start: time(test, hoursAgo: 2), location: Coordinate(lat: 35.68, lon: 139.69)))
            let source = try Deadline.firstValue { try episodes(client, of: anna)[episode.id]?.conditionsSource }
            XCTAssertEqual(source, "server")
        }
    }

    func testOffByDefaultNoRequestIsMadeAndARestartWithAProviderPicksTheEpisodeUp() throws {
        let receiver = try PythonReceiver<WeatherReceiverRecord>(script: "weather_receiver.py")
        let test = try app(provider: nil)
        XCTAssertEqual(AppConfiguration().weatherURL, "", "off by default")
        XCTAssertFalse(test.app.weatherFiller.isEnabled)
        try test.app.startBackgroundWork()
        let anna = try test.makeAccount()
        let episode = try test.withClient { client in
            try post(client, anna, API.EpisodeRequest(kind: "migraine", start: time(test, hoursAgo: 2), location: Coordinate(lat: 51.5, lon: -0.12)))
        }
        XCTAssertEqual(try test.app.weatherFiller.fillDue(), 0)
        XCTAssertTrue(Deadline.holds(for: 0.3) { receiver.records.isEmpty })

        var configuration = test.app.configuration
        configuration.weatherURL = "http://127.0.0.1:\(receiver.port)"
        let restarted = try HomewardApp(
            configuration: configuration, clock: test.clock, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        defer { try? restarted.close() }
        XCTAssertEqual(try restarted.weatherFiller.fillDue(), 1)
        let source: String? = try restarted.database.read { db in
            try db.fetchOne("SELECT conditions_source FROM episodes WHERE id = ?", [episode.id]) { try $0.value(at: 0) as String? } ?? nil
        }
        XCTAssertEqual(source, "server")
        XCTAssertEqual(try receiver.records(atLeast: 1).count, 1)
    }

    func testAnEpisodeGivenAPlaceLaterIsTriedAgainFromTheFirstAttempt() throws {
        let receiver = try PythonReceiver<WeatherReceiverRecord>(script: "weather_receiver.py")
        let test = try app(provider: receiver) { $0.weatherMaxAttempts = 1 }
        let anna = try test.makeAccount()
        try test.withClient { client in
            let episode = try post(client, anna, API.EpisodeRequest(kind: "migraine", start: time(test, hoursAgo: 2)))
            XCTAssertEqual(try test.app.weatherFiller.fillDue(), 0)
            XCTAssertEqual(try attempts(of: episode.id, in: test), 1, "no place and no fix: one attempt, the only one allowed")
            XCTAssertTrue(receiver.records.isEmpty)
            let placed = try S.send(client, .patch, "/v1/episodes/\(episode.id)", as: anna, body: API.EpisodeUpdate(location: Coordinate(lat: 41.9, lon: 12.5)))
            XCTAssertEqual(placed.status, .ok, placed.text)
            XCTAssertEqual(try test.app.weatherFiller.fillDue(), 1)
            XCTAssertEqual(try episodes(client, of: anna)[episode.id]?.conditionsSource, "server")
            let corrected = try S.send(client, .patch, "/v1/episodes/\(episode.id)", as: anna, body: API.EpisodeUpdate(conditions: EpisodeConditions(humidity: 55)))
            XCTAssertEqual(try corrected.decode(EpisodeBody.self).conditionsSource, "client", "a correction makes them the person's")
        }
    }

    func testAnEpisodeOlderThanTheForecastGoesToTheArchiveOrIsGivenUpWithoutOne() throws {
        let receiver = try PythonReceiver<WeatherReceiverRecord>(script: "weather_receiver.py")
        let test = try app(provider: receiver) {
            $0.weatherArchiveURL = "http://127.0.0.1:\(receiver.port)/"
            $0.weatherLookbackDays = 400
        }
        let anna = try test.makeAccount()
        let old = try test.withClient { client in
            try post(client, anna, API.EpisodeRequest(kind: "migraine", start: time(test, hoursAgo: 100 * 24 + 3), location: Coordinate(lat: 52.52, lon: 13.405)))
        }
        XCTAssertEqual(try test.app.weatherFiller.fillDue(), 1)
        let request = try XCTUnwrap(try receiver.records(atLeast: 1).first)
        XCTAssertEqual(request.path, "/v1/archive")
        XCTAssertEqual(request.query["hourly"], "temperature_2m,relative_humidity_2m,wind_speed_10m",
                       "the archive has no UV index")
        try test.withClient { client in
            let stored = try XCTUnwrap(try episodes(client, of: anna)[old.id])
            XCTAssertEqual(stored.conditionsSource, "server")
            XCTAssertNil(stored.conditions.uvIndex)
            XCTAssertEqual(stored.conditions.windSpeed, 2.5)
        }

        let withoutArchive = try app(provider: receiver) { $0.weatherLookbackDays = 400 }
        let ben = try withoutArchive.makeAccount()
        let older = try withoutArchive.withClient { client in
            try post(client, ben, API.EpisodeRequest(kind: "migraine", start: time(withoutArchive, hoursAgo: 100 * 24), location: Coordinate(lat: 52.52, lon: 13.405)))
        }
        XCTAssertEqual(try withoutArchive.app.weatherFiller.fillDue(), 0)
        XCTAssertEqual(try attempts(of: older.id, in: withoutArchive), withoutArchive.app.configuration.weatherMaxAttempts,
                       "nothing can answer for it: given up at once")
        XCTAssertEqual(try receiver.records(atLeast: 1).count, 1)
    }

    func testWeatherSettingsAreCheckedAtStart() {
        var configuration = AppConfiguration()
        configuration.weatherURL = "ftp://example.org"
        configuration.weatherArchiveURL = "https://archive-api.open-meteo.com"
        configuration.weatherCacheEntries = 0
        configuration.weatherMaxAttempts = 0
        configuration.weatherFirstRetrySeconds = 0
        configuration.weatherLookbackDays = 0
        let problems = configuration.problems.joined(separator: "; ")
        for name in ["weather-url", "weather-cache-entries", "weather-max-attempts", "weather-first-retry-seconds", "weather-lookback-days"] {
            XCTAssertTrue(problems.contains(name), name)
        }
        configuration = AppConfiguration()
        configuration.weatherArchiveURL = "https://archive-api.open-meteo.com"
        XCTAssertEqual(configuration.problems, ["weather-archive-url needs weather-url"])
    }

    func testTheCacheKeepsAtMostItsCapacityForgettingTheOldestFirst() {
        var cache = WeatherCache(capacity: 3)
        let cell = WeatherCell(.init(lat: 52.52, lon: 13.405))
        for hour in 0..<5 {
            cache.store(EpisodeConditions(temperatureC: Double(hour)), for: .init(cell: cell, hour: Int64(hour)))
        }
        XCTAssertEqual(cache.count, 3)
        XCTAssertNil(cache[.init(cell: cell, hour: 1)])
        XCTAssertEqual(cache[.init(cell: cell, hour: 4)]?.temperatureC, 4)
        XCTAssertEqual(WeatherCell(.init(lat: 52.54, lon: 13.36)), cell, "a town shares a cell")
    }

    private func attempts(of id: String, in test: TestApp) throws -> Int {
        try test.app.database.read { db in
            try db.fetchOne("SELECT weather_attempts FROM episodes WHERE id = ?", [id]) { try $0.value(at: 0) as Int } ?? -1
        }
    }
}
