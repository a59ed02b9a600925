import Foundation
import HomewardGeo
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// An episode as the API returns it.
struct EpisodeBody: Decodable {
    let id: String
    let kind: String
    let start: String
    let end: String?
    let location: Coordinate?
    let conditions: EpisodeConditions
    let note: String?
    let durationSeconds: Double?
    /// Whose the conditions are: `client` or `server` (the weather provider's), none when empty.
    let conditionsSource: String?
}

/// `GET /v1/episodes`.
struct EpisodeListBody: Decodable {
    let episodes: [EpisodeBody]
    let nextCursor: String?
}

final class EpisodeTests: XCTestCase {
    private typealias S = JournalTestSupport

    func testAnEpisodeStartsOpenAndGetsItsDurationWhenItEnds() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            let created = try S.send(client, .post, "/v1/episodes", as: person, body: API.EpisodeRequest(
                kind: " Migraine ", start: "2026-11-21T09:00:00Z", location: Coordinate(lat: 51.5, lon: -0.12),
                conditions: EpisodeConditions(temperatureC: 21.5, uvIndex: 3, humidity: 64, windSpeed: 4.2)))
            XCTAssertEqual(created.status, .created, created.text)
            let episode = try created.decode(EpisodeBody.self)
            XCTAssertEqual(episode.kind, "migraine")
            XCTAssertNil(episode.end)
            XCTAssertNil(episode.durationSeconds)
            XCTAssertEqual(episode.location?.lat, 51.5)

            let ended = try S.send(client, .patch, "/v1/episodes/\(episode.id)", as: person, body: API.EpisodeUpdate(
                end: "2026-11-21T10:30:00+00:00", note: "dark room helped", conditions: EpisodeConditions(humidity: 70)))
            XCTAssertEqual(ended.status, .ok, ended.text)
            let updated = try ended.decode(EpisodeBody.self)
            XCTAssertEqual(updated.durationSeconds, 5400)
            XCTAssertEqual(updated.note, "dark room helped")
            XCTAssertEqual(updated.conditions, .init(temperatureC: 21.5, uvIndex: 3, humidity: 70, windSpeed: 4.2),
                           "conditions merge value by value")

            let listed = try S.send(client, .get, "/v1/episodes", as: person).decode(EpisodeListBody.self)
            XCTAssertEqual(listed.episodes.map(\.durationSeconds), [5400], "the change is durable")
            let cleared = try S.send(client, .patch, "/v1/episodes/\(episode.id)", as: person, body: API.EpisodeUpdate(note: ""))
            XCTAssertNil(try cleared.decode(EpisodeBody.self).note)
        }
    }

    func testEpisodeValidationAnswers400NamingTheField() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        let later = test.clock.now().adding(milliseconds: 11 * 60_000).rfc3339
        try test.withClient { client in
            let start = "2026-11-21T09:00:00Z"
            let typed: [(API.EpisodeRequest, String)] = [
                (API.EpisodeRequest(kind: "", start: start), "kind"),
                (API.EpisodeRequest(kind: "headache", start: later), "start"),
                (API.EpisodeRequest(kind: "headache", start: start, end: "2026-11-21T08:00:00Z"), "end"),
                (API.EpisodeRequest(kind: "headache", start: start, location: Coordinate(lat: 91, lon: 0)), "location.lat"),
                (API.EpisodeRequest(kind: "headache", start: start, location: Coordinate(lat: 0, lon: -180.5)), "location.lon"),
                (API.EpisodeRequest(kind: "headache", start: start, conditions: EpisodeConditions(temperatureC: 61)), "conditions.temperatureC"),
                (API.EpisodeRequest(kind: "headache", start: start, conditions: EpisodeConditions(uvIndex: -1)), "conditions.uvIndex"),
                (API.EpisodeRequest(kind: "headache", start: start, conditions: EpisodeConditions(humidity: 101)), "conditions.humidity"),
                (API.EpisodeRequest(kind: "headache", start: start, conditions: EpisodeConditions(windSpeed: 121)), "conditions.windSpeed"),
            ]
            // Kept as text: texts over their limits, and a start left out.
            let raw: [(String, String)] = [
                (#"{"kind":"\#(String(repeating: "x", count: 65))","start":"2026-11-21T09:00:00Z"}"#, "kind"),
                (#"{"kind":"headache"}"#, "start"),
                (#"{"kind":"headache","start":"2026-11-21T09:00:00Z","note":"\#(String(repeating: "n", count: 2001))"}"#, "note"),
            ]
            for (body, field) in JSONBody.table(typed, raw) {
                let response = try S.send(client, .post, "/v1/episodes", as: person, json: body)
                XCTAssertEqual(response.status, .badRequest, body)
                XCTAssertEqual(response.errorField, field, body)
            }
            let id = try S.send(client, .post, "/v1/episodes", as: person, body: API.EpisodeRequest(kind: "headache", start: "2026-11-21T09:00:00Z"))
                .decode(EpisodeBody.self).id
            for (update, field) in [(API.EpisodeUpdate(end: "2026-11-21T08:59:59Z"), "end"), (API.EpisodeUpdate(end: later), "end"),
                                    (API.EpisodeUpdate(conditions: EpisodeConditions(humidity: -3)), "conditions.humidity")] {
                let response = try S.send(client, .patch, "/v1/episodes/\(id)", as: person, body: update)
                XCTAssertEqual(response.errorField, field, JSONBody.text(update))
            }
            let unchanged = try S.send(client, .get, "/v1/episodes", as: person).decode(EpisodeListBody.self)
            XCTAssertEqual(unchanged.episodes.count, 1)
            XCTAssertNil(unchanged.episodes[0].end, "a refused change leaves the episode as it was")
        }
    }

    func testOnlyTheOwnerChangesOrDeletesAnEpisode() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        let guardian = try test.makeAccount()
        try test.link(guardian: guardian, dependent: person)
        try test.withClient { client in
            let id = try S.send(client, .post, "/v1/episodes", as: person, body: API.EpisodeRequest(kind: "headache", start: "2026-11-21T09:00:00Z"))
                .decode(EpisodeBody.self).id
            XCTAssertEqual(try S.send(client, .patch, "/v1/episodes/\(id)", as: guardian, body: API.EpisodeUpdate(note: "x")).status, .notFound)
            XCTAssertEqual(try S.send(client, .delete, "/v1/episodes/\(id)", as: guardian).status, .notFound)
            XCTAssertEqual(try S.send(client, .delete, "/v1/episodes/\(id)", as: person).status, .noContent)
            XCTAssertEqual(try S.send(client, .patch, "/v1/episodes/\(id)", as: person, body: API.EpisodeUpdate(note: "x")).status, .notFound)
        }
    }

    func testListingFiltersByKindAndRangeAndExportsCSV() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            for (kind, start, note) in [("headache", "2026-11-01T08:00:00Z", "=HYPERLINK(\"x\")"),
                                        ("migraine", "2026-11-02T08:00:00Z", "after lunch, \"bad\""),
                                        ("headache", "2026-11-03T08:00:00Z", "")] {
                let body = API.EpisodeRequest(kind: kind, start: start, end: start.replacingOccurrences(of: "08:", with: "09:"),
                                              conditions: EpisodeConditions(temperatureC: 18.5), note: note)
                let created = try S.send(client, .post, "/v1/episodes", as: person, body: body)
                XCTAssertEqual(created.status, .created, created.text)
            }
            let headaches = try S.send(client, .get, "/v1/episodes?kind=Headache", as: person).decode(EpisodeListBody.self)
            XCTAssertEqual(headaches.episodes.map(\.start), ["2026-11-01T08:00:00.000Z", "2026-11-03T08:00:00.000Z"])
            let ranged = try S.send(client, .get, "/v1/episodes?from=2026-11-02T00:00:00Z&to=2026-11-03T08:00:00Z", as: person)
                .decode(EpisodeListBody.self)
            XCTAssertEqual(ranged.episodes.map(\.kind), ["migraine"])
            let paged = try S.send(client, .get, "/v1/episodes?limit=2", as: person).decode(EpisodeListBody.self)
            XCTAssertNotNil(paged.nextCursor)

            let csv = try S.send(client, .get, "/v1/episodes?format=csv&limit=1", as: person)
            XCTAssertEqual(csv.status, .ok)
            XCTAssertEqual(csv.headers["Content-Type"], "text/csv; charset=utf-8; header=present")
            let lines = csv.text.components(separatedBy: "\r\n")
            XCTAssertEqual(lines[0], "id,kind,start,end,durationSeconds,lat,lon,temperatureC,uvIndex,humidity,windSpeed,conditionsSource,note")
            XCTAssertEqual(lines.count, 5, "a header, every episode regardless of limit, and the final line break")
            XCTAssertTrue(lines[1].hasSuffix(",headache,2026-11-01T08:00:00.000Z,2026-11-01T09:00:00.000Z,3600,,,18.5,,,,client,\"'=HYPERLINK(\"\"x\"\")\""),
                          lines[1])
            XCTAssertTrue(lines[2].hasSuffix(",\"after lunch, \"\"bad\"\"\""), lines[2])
            XCTAssertEqual(try S.send(client, .get, "/v1/episodes?format=xml", as: person).status, .badRequest)
        }
    }

    func testStatisticsAverageDurationsAndConditionsOverKindAndRange() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            let episodes = [
                API.EpisodeRequest(kind: "migraine", start: "2026-11-01T08:00:00Z", end: "2026-11-01T09:00:00Z",
                                   conditions: EpisodeConditions(temperatureC: 30, humidity: 80)),
                API.EpisodeRequest(kind: "migraine", start: "2026-11-02T08:00:00Z", end: "2026-11-02T11:00:00Z",
                                   conditions: EpisodeConditions(temperatureC: 28, uvIndex: 6)),
                API.EpisodeRequest(kind: "migraine", start: "2026-11-03T08:00:00Z", conditions: EpisodeConditions(temperatureC: 32)),
                API.EpisodeRequest(kind: "headache", start: "2026-11-04T08:00:00Z", end: "2026-11-04T08:30:00Z",
                                   conditions: EpisodeConditions(temperatureC: 10)),
            ]
            for body in episodes {
                XCTAssertEqual(try S.send(client, .post, "/v1/episodes", as: person, body: body).status, .created)
            }
            let migraines = try S.send(client, .get, "/v1/episodes/stats?kind=migraine", as: person)
            XCTAssertEqual(migraines.status, .ok)
            let stats = try migraines.decode(StatisticsBody.self)
            XCTAssertEqual(stats.count, 3)
            XCTAssertEqual(stats.endedCount, 2)
            XCTAssertEqual(stats.averageDurationSeconds, 7200, "open episodes have no duration to average")
            XCTAssertEqual(stats.conditions, .init(temperatureC: 30, uvIndex: 6, humidity: 80, windSpeed: nil))

            let all = try S.send(client, .get, "/v1/episodes/stats", as: person).decode(StatisticsBody.self)
            XCTAssertEqual(all.count, 4)
            XCTAssertEqual(all.averageDurationSeconds, (3600 + 10800 + 1800) / 3)
            let ranged = try S.send(client, .get, "/v1/episodes/stats?from=2026-11-02T00:00:00Z&to=2026-11-04T00:00:00Z", as: person)
                .decode(StatisticsBody.self)
            XCTAssertEqual(ranged.count, 2)
            let none = try S.send(client, .get, "/v1/episodes/stats?kind=cluster", as: person).decode(StatisticsBody.self)
            XCTAssertEqual(none.count, 0)
            XCTAssertNil(none.averageDurationSeconds)
            XCTAssertTrue(none.comparison.isEmpty)
        }
    }

    func testStatisticsCompareEpisodeConditionsWithTheBaselineOnlyWithEnoughData() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            for day in 1...3 {
                let body = API.EpisodeRequest(kind: "migraine", start: "2026-11-0\(day)T08:00:00Z", end: "2026-11-0\(day)T10:00:00Z",
                                              conditions: EpisodeConditions(temperatureC: 20, humidity: 90))
                XCTAssertEqual(try S.send(client, .post, "/v1/episodes", as: person, body: body).status, .created)
            }
            let before = try S.send(client, .get, "/v1/episodes/stats", as: person).decode(StatisticsBody.self)
            XCTAssertTrue(before.comparison.isEmpty, "no baseline yet: nothing to compare with")

            let readings = (0..<10).map { hour in
                API.ConditionReading(t: "2026-11-10T\(String(format: "%02d", hour)):00:00Z", humidity: hour % 2 == 0 ? 40 : 60)
            }
            let posted = try S.send(client, .post, "/v1/conditions", as: person, body: API.ConditionReadings(readings: Array(readings.dropLast())))
            XCTAssertEqual(posted.status, .ok, posted.text)
            XCTAssertEqual(try posted.decode(ReadingsResultBody.self), .init(accepted: 9, duplicates: 0))
            let resent = try S.send(client, .post, "/v1/conditions", as: person, body: API.ConditionReadings(readings: [readings[0]]))
            XCTAssertEqual(try resent.decode(ReadingsResultBody.self), .init(accepted: 0, duplicates: 1))
            let nine = try S.send(client, .get, "/v1/episodes/stats", as: person).decode(StatisticsBody.self)
            XCTAssertTrue(nine.comparison.isEmpty, "nine baseline values are not enough to know what is usual")

            XCTAssertEqual(try S.send(client, .post, "/v1/conditions", as: person, body: API.ConditionReadings(readings: [readings[9]])).status, .ok)
            let after = try S.send(client, .get, "/v1/episodes/stats", as: person).decode(StatisticsBody.self)
            let humidity = try XCTUnwrap(after.comparison["humidity"])
            XCTAssertEqual(humidity.duringEpisodes, 90)
            XCTAssertEqual(humidity.baselineCount, 10)
            XCTAssertEqual(humidity.baseline, 50, accuracy: 1e-9)
            XCTAssertEqual(humidity.difference, 40, accuracy: 1e-9)
            XCTAssertEqual(try XCTUnwrap(humidity.standardDeviations), 4, accuracy: 1e-9, "the baseline's spread is 10")
            XCTAssertNil(after.comparison["temperatureC"], "only episodes recorded temperature: no baseline for it")
        }
    }

    func testTheBaselineLeavesOutReadingsTakenDuringAnyEpisode() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            for day in 1...3 {
                let body = API.EpisodeRequest(kind: "migraine", start: "2026-11-0\(day)T08:00:00Z", end: "2026-11-0\(day)T10:00:00Z",
                                              conditions: EpisodeConditions(humidity: 90))
                XCTAssertEqual(try S.send(client, .post, "/v1/episodes", as: person, body: body).status, .created)
            }
            let open = API.EpisodeRequest(kind: "headache", start: "2026-11-05T08:00:00Z", conditions: EpisodeConditions(humidity: 85))
            XCTAssertEqual(try S.send(client, .post, "/v1/episodes", as: person, body: open).status, .created)
            var readings: [API.ConditionReading] = []
            for day in 1...3 {
                readings.append(.init(t: "2026-11-0\(day)T09:00:00Z", humidity: 95))   // inside a migraine
                readings.append(.init(t: "2026-11-0\(day)T10:00:00Z", humidity: 95))   // its last moment
                readings.append(.init(t: "2026-11-0\(day)T07:00:00Z", humidity: 40))   // before it
                readings.append(.init(t: "2026-11-0\(day)T11:00:00Z", humidity: 60))   // after it
            }
            readings.append(.init(t: "2026-11-05T20:00:00Z", humidity: 99))              // inside the open headache's day
            readings.append(.init(t: "2026-11-06T09:00:00Z", humidity: 40))              // more than a day after it began
            readings.append(.init(t: "2026-11-07T09:00:00Z", humidity: 60))
            readings.append(.init(t: "2026-11-08T09:00:00Z", humidity: 40))
            readings.append(.init(t: "2026-11-08T10:00:00Z", humidity: 60))
            let posted = try S.send(client, .post, "/v1/conditions", as: person, body: API.ConditionReadings(readings: readings))
            XCTAssertEqual(posted.status, .ok, posted.text)

            let migraines = try S.send(client, .get, "/v1/episodes/stats?kind=migraine", as: person).decode(StatisticsBody.self)
            let humidity = try XCTUnwrap(migraines.comparison["humidity"], "ten readings outside every episode")
            XCTAssertEqual(humidity.baselineCount, 10, "the readings during episodes of any kind are left out")
            XCTAssertEqual(humidity.baseline, 50, accuracy: 1e-9)
            XCTAssertEqual(humidity.duringEpisodes, 90)
            XCTAssertEqual(humidity.episodeCount, 3)
        }
    }

    func testConditionReadingsAreValidated() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            let typed = [
                (API.ConditionReadings(readings: []), "readings"),
                (API.ConditionReadings(readings: [API.ConditionReading(t: "2026-11-10T00:00:00Z"),
                                                  API.ConditionReading(t: "2026-11-10T01:00:00Z", uvIndex: 21)]), "readings[1].uvIndex"),
            ]
            // Kept as text: a reading without its time.
            let raw = [(#"{"readings":[{"humidity":3}]}"#, "readings[0].t")]
            for (body, field) in JSONBody.table(typed, raw) {
                let response = try S.send(client, .post, "/v1/conditions", as: person, json: body)
                XCTAssertEqual(response.status, .badRequest, body)
                XCTAssertEqual(response.errorField, field, body)
            }
        }
    }

    func testGuardiansReadEpisodesAndStatisticsAndNoOneElseDoes() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            XCTAssertEqual(try S.send(client, .post, "/v1/episodes", as: person,
                                      body: API.EpisodeRequest(kind: "aura", start: "2026-11-21T09:00:00Z")).status, .created)
            try S.assertReadableOnlyBySelfAndGuardians(
                ["/v1/episodes", "/v1/episodes?format=csv", "/v1/episodes/stats?kind=aura"], of: person, in: test,
                client: client, expecting: "a"
            )
        }
    }
}

/// `GET /v1/episodes/stats`.
struct StatisticsBody: Decodable {
    struct Comparison: Decodable {
        let duringEpisodes: Double
        let baseline: Double
        let difference: Double
        let standardDeviations: Double?
        let episodeCount: Int
        let baselineCount: Int
    }
    let count: Int
    let endedCount: Int
    let averageDurationSeconds: Double?
    let conditions: EpisodeConditions
    let comparison: [String: Comparison]
}

/// `POST /v1/conditions`.
struct ReadingsResultBody: Decodable, Equatable {
    let accepted: Int
    let duplicates: Int
}
