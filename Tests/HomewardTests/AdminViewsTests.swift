import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// The admin views of schema/0007_admin_views.sql show what the API stored, with names and readable
/// units, after a real session over HTTP.
final class AdminViewsTests: XCTestCase {
    private func post(_ client: HTTPTestClient, _ path: String, as account: TestApp.Account, _ body: [UInt8] = [],
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let response = try client.execute(.post, path, headers: account.auth, body: body)
        XCTAssertTrue((200..<300).contains(Int(response.status.code)), "\(path): \(response.text)", file: file, line: line)
    }

    func testViewsShowPositionsAlertsTripsAndCountsWithNames() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        let gina = try test.makeAccount(name: "Gina")
        try test.link(guardian: gina, dependent: anna)
        let now = test.clock.now().unixMilliseconds
        let seconds = Double(now) / 1000
        try test.withClient { client in
            try post(client, "/v1/locations", as: anna, JSONBody.encode(API.LocationBatch(samples: [
                API.LocationSample(id: "a", t: seconds - 20, lat: 51.5007, lon: -0.1246, accuracy: 8, battery: 81),
                API.LocationSample(id: "b", t: seconds - 10, lat: 51.5009, lon: -0.1244, accuracy: 9, speed: 1.5, battery: 80),
            ])))
            try post(client, "/v1/motion", as: anna, JSONBody.encode(API.MotionBatch(samples: [
                API.MotionBatch.Sample(t: seconds - 5, steps: 12, activity: "walking"),
            ])))
            try post(client, "/v1/alerts", as: anna, JSONBody.encode(API.SOS(message: "help")))
            try post(client, "/v1/journal", as: anna, JSONBody.encode(API.JournalEntryRequest.water(at: test.clock.now().rfc3339, millilitres: 250)))
            _ = try test.startTrip(client, for: anna)
        }

        try test.app.database.read { db in
            let positions = try db.fetchAll("SELECT name, lat, lon, accuracy_m, battery_pct, fix_at_ms, fix_at_utc FROM admin_latest_positions") { row in
                (name: try row.value(at: 0) as String, lat: try row.value(at: 1) as Double, lon: try row.value(at: 2) as Double,
                 accuracy: try row.value(at: 3) as Double?, battery: try row.value(at: 4) as Double?,
                 fixAt: try row.value(at: 5) as Int64, fixText: try row.value(at: 6) as String)
            }
            XCTAssertEqual(positions.count, 1)
            XCTAssertEqual(positions.first?.name, "Anna")
            XCTAssertEqual(positions.first?.lat ?? 0, 51.5009, accuracy: 1e-9)
            XCTAssertEqual(positions.first?.lon ?? 0, -0.1244, accuracy: 1e-9)
            XCTAssertEqual(positions.first?.accuracy, 9)
            XCTAssertEqual(positions.first?.battery, 80)
            if let first = positions.first {
                XCTAssertEqual(first.fixText, Timestamp(unixMilliseconds: first.fixAt).rfc3339)
            }

            let alerts = try db.fetchAll("SELECT type, status, name, message, acknowledged_by FROM admin_open_alerts") { row in
                [try row.value(at: 0) as String, try row.value(at: 1) as String, try row.value(at: 2) as String,
                 try row.value(at: 3) as String, try row.value(at: 4) as String? ?? "nobody"]
            }
            XCTAssertEqual(alerts, [["sos", "open", "Anna", "help", "nobody"]])

            let trips = try db.fetchAll("SELECT traveller, mode, destination, companions, minutes_overdue FROM admin_active_trips") { row in
                (traveller: try row.value(at: 0) as String, mode: try row.value(at: 1) as String,
                 destination: try row.value(at: 2) as String?, companions: try row.value(at: 3) as Int64,
                 overdue: try row.value(at: 4) as Int64?)
            }
            XCTAssertEqual(trips.count, 1)
            XCTAssertEqual(trips.first?.traveller, "Anna")
            XCTAssertEqual(trips.first?.mode, "walking")
            XCTAssertEqual(trips.first?.destination, "Home")
            XCTAssertEqual(trips.first?.companions, 0)
            XCTAssertEqual(trips.first?.overdue ?? 0, 0, "a trip that just started is not overdue")

            let counts = try db.fetchAll(
                "SELECT name, location_samples, motion_samples, alerts, trips, journal_entries FROM admin_account_counts"
            ) { row in
                [try row.value(at: 0) as String] + (try (1...5).map { index in String(try row.value(at: index) as Int64) })
            }
            XCTAssertEqual(counts, [["Anna", "2", "1", "1", "1", "1"], ["Gina", "0", "0", "0", "0", "0"]])
        }
    }

    func testAcknowledgedAlertShowsTheGuardianAndResolvedAlertsLeaveTheView() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        let gina = try test.makeAccount(name: "Gina")
        try test.link(guardian: gina, dependent: anna)
        try test.withClient { client in
            let raised = try client.execute(.post, "/v1/alerts", headers: anna.auth, body: JSONBody.encode(API.SOS()))
            XCTAssertEqual(raised.status, .created, raised.text)
            let id = try raised.decode(AlertResource.self).id
            try post(client, "/v1/alerts/\(id)/acknowledge", as: gina)
        }
        let acknowledged = try test.app.database.read { db in
            try db.fetchAll("SELECT status, acknowledged_by FROM admin_open_alerts") { row in
                [try row.value(at: 0) as String, try row.value(at: 1) as String]
            }
        }
        XCTAssertEqual(acknowledged, [["acknowledged", "Gina"]])

        try test.app.database.write { db in try db.execute("UPDATE alerts SET status = 'resolved'") }
        let remaining: Int64? = try test.app.database.read { db in try db.fetchOne("SELECT count(*) FROM admin_open_alerts") }
        XCTAssertEqual(remaining, 0)
    }
}
