import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// Overland over a real socket, with features shaped as GLManager.m writes them.
final class OverlandTests: XCTestCase {
    private func point(_ lat: Double, _ lon: Double, at timestamp: String, extra: [String: JSONValue] = [:]) -> JSONValue {
        var properties: [String: JSONValue] = [
            "timestamp": .string(timestamp), "horizontal_accuracy": 5, "speed": 1.2, "battery_level": 0.7, "motion": ["walking"],
        ]
        properties.merge(extra) { $1 }
        return ["type": "Feature", "geometry": ["type": "Point", "coordinates": [.number(lon), .number(lat)]], "properties": .object(properties)]
    }

    private func post(_ client: HTTPTestClient, key: String, _ body: JSONValue) throws -> HTTPTestResponse {
        try client.execute(
            .post, "/v1/clients/overland", headers: ["Authorization": "Bearer \(key)", "Content-Type": "application/json"],
            body: JSONBody.encode(body))
    }

    func testCurrentBesideABacklogIsTheLatestPositionAtOnce() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina")
        let anna = try test.makeAccount(name: "Anna")
        try test.link(guardian: gina, dependent: anna)
        let now = test.clock.now()
        try test.withClient(.live) { client in
            let key = try test.deviceKey(client, anna)
            let backlog = (0..<3).map { point(37.30 + Double($0) * 0.001, -122.0, at: now.adding(milliseconds: Int64($0 - 7_200) * 10_000).rfc3339) }
            let current = point(37.40, -122.1, at: now.adding(milliseconds: -5_000).rfc3339)
            let answer = try post(client, key: key, ["locations": .array(backlog), "current": current])
            XCTAssertEqual(answer.status, .ok, answer.text)
            XCTAssertEqual(answer.text, #"{"result":"ok"}"#)
            let shown = try client.execute(.get, "/v1/accounts/\(anna.id)/location", headers: gina.auth)
            XCTAssertTrue(shown.text.contains("37.4"), shown.text)
            // Later the point arrives again inside a batch: a duplicate, not a second fix.
            XCTAssertEqual(try post(client, key: key, ["locations": [current]]).status, .ok)
        }
        XCTAssertEqual(try test.storedLocations(of: anna).count, 4)
    }

    func testEveryTimestampFormOfTheAppAndItsREADMEIsRead() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient(.live) { client in
            let key = try test.deviceKey(client, anna)
            let forms = ["2026-11-20T08:00:00Z", "2026-11-20T08:00:10-0700", "2026-11-20T08:00:20+00:00", "2026-11-20T08:00:30.250Z",
                         "2026-11-20T08:00:40.5+0100"]
            let answer = try post(client, key: key, ["locations": .array(forms.enumerated().map { point(37.3, -122.0 + Double($0.offset) * 1e-4, at: $0.element) })])
            XCTAssertEqual(answer.status, .ok, answer.text)
        }
        let times = try test.storedLocations(of: anna).map(\.time.rfc3339)
        XCTAssertEqual(times, ["2026-11-20T07:00:40.500Z", "2026-11-20T08:00:00.000Z", "2026-11-20T08:00:20.000Z",
                               "2026-11-20T08:00:30.250Z", "2026-11-20T15:00:10.000Z"])
    }

    func testAnUnreadablePointFailsTheWholeBatchAndStoresNothing() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let now = test.clock.now()
        try test.withClient(.live) { client in
            let key = try test.deviceKey(client, anna)
            let good = point(37.3, -122.0, at: now.adding(milliseconds: -60_000).rfc3339)
            for (bad, field) in [
                (point(37.3, -122.0, at: "yesterday"), "locations[1]"),
                (["type": "Feature", "properties": ["timestamp": .string(now.rfc3339)]], "locations[1]"),
                (point(95, -122.0, at: now.rfc3339), "locations[1].lat"),
            ] {
                let answer = try post(client, key: key, ["locations": [good, bad]])
                XCTAssertEqual(answer.status, .badRequest, answer.text)
                XCTAssertFalse(answer.text.contains(#""result":"ok""#))
                XCTAssertEqual(answer.errorField, field)
            }
        }
        XCTAssertTrue(try test.storedLocations(of: anna).isEmpty)
    }

    func testActionVisitAndTripFeaturesAreKeptAsWhatTheyAreNotAsFixes() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let now = test.clock.now()
        let stamp = now.adding(milliseconds: -30_000).rfc3339
        let action: JSONValue = ["type": "Feature", "properties": ["timestamp": .string(stamp), "action": "app_resumed", "battery_level": 0.5]]
        let visit = point(37.31, -122.01, at: stamp, extra: ["action": "visit", "arrival_date": .string(stamp), "departure_date": nil])
        let trip = point(37.32, -122.02, at: stamp, extra: [
            "type": "trip", "mode": "bicycle", "start": .string(now.adding(milliseconds: -900_000).rfc3339), "end": .string(stamp),
            "distance": 4_200, "duration": 870, "steps": 0, "stopped_automatically": false,
        ])
        let fix = point(37.33, -122.03, at: now.adding(milliseconds: -20_000).rfc3339)
        try test.withClient(.live) { client in
            let key = try test.deviceKey(client, anna)
            for _ in 0..<2 {
                let answer = try post(client, key: key, ["locations": [action, visit, trip, fix]])
                XCTAssertEqual(answer.text, #"{"result":"ok"}"#)
            }
        }
        XCTAssertEqual(try test.storedLocations(of: anna).map(\.lat), [37.33], "only the fix is a fix")
        XCTAssertEqual(try test.clientReports(of: anna, kind: .action).map(\.name), ["app_resumed"])
        let visits = try test.clientReports(of: anna, kind: .visit)
        XCTAssertEqual(visits.map(\.lat), [37.31])
        XCTAssertTrue(visits[0].body.contains(#""arrival_date":"\#(stamp)""#), visits[0].body)
        let trips = try test.clientReports(of: anna, kind: .trip)
        XCTAssertEqual(trips.map(\.name), ["bicycle"])
        XCTAssertTrue(trips[0].body.contains(#""distance":4200"#), trips[0].body)
    }
}
