import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// An import into a running app's database: stored as history (no alert, the latest position not
/// moved back), deduplicated against what is stored and within the file, the routine rebuilt so
/// the places show, and undone as a whole.
final class ImportServiceTests: XCTestCase {
    private static let home = (lat: 51.5007, lon: -0.1246)
    /// Work is 3 km east of home.
    private static let workEast = 3_000.0

    private struct Scene {
        let test: TestApp
        let guardian: TestApp.Account
        let person: TestApp.Account
        /// Midnight (UTC) after the imported days; the clock stands there.
        let today: Int64
        let service: ImportService
    }

    private func position(east: Double, jitter: Double) -> (lat: Double, lon: Double) {
        (Self.home.lat + jitter / 111_320, Self.home.lon + (east + jitter) / (111_320 * cos(Self.home.lat * .pi / 180)))
    }

    private func scene() throws -> Scene {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        let person = try test.makeAccount(name: "Person")
        try test.link(guardian: guardian, dependent: person)
        try test.withClient { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: Self.home.lat, lon: Self.home.lon, radius: 150, home: true))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: guardian.auth, body: zone).status.code, 201)
        }
        // The clock stands at a midnight, so every imported day lies wholly in the past whatever
        // the hour the test runs at.
        let today = (test.clock.now().unixMilliseconds / 86_400_000 + 1) * 86_400_000
        test.clock.set(to: Timestamp(unixMilliseconds: today))
        let service = ImportService(
            database: test.app.database, clock: test.clock, zoneObserver: test.app.zoneObserver,
            settings: ImportSettings(AppConfiguration()))
        return Scene(test: test, guardian: guardian, person: person, today: today, service: service)
    }

    /// `days` days before `today` as CSV, one fix a minute: home until 08:00, a walk to work, work
    /// until 17:00, a walk home, home again.
    private func history(days: Int, before today: Int64) -> [(t: Int64, lat: Double, lon: Double)] {
        var rows: [(t: Int64, lat: Double, lon: Double)] = []
        for day in 0..<days {
            let midnight = today - Int64(days - day) * 86_400_000
            for minute in 0..<(24 * 60) {
                let hour = Double(minute) / 60
                let east: Double = switch hour {
                case ..<8: 0
                case ..<8.5: (hour - 8) / 0.5 * Self.workEast
                case ..<17: Self.workEast
                case ..<17.5: (1 - (hour - 17) / 0.5) * Self.workEast
                default: 0
                }
                let p = position(east: east, jitter: Double((minute * 7_919) % 13) - 6)
                rows.append((midnight + Int64(minute) * 60_000, p.lat, p.lon))
            }
        }
        return rows
    }

    private func csv(_ rows: [(t: Int64, lat: Double, lon: Double)]) -> [UInt8] {
        Array(("t,lat,lon,accuracy\n" + rows.map { "\(Double($0.t) / 1000),\($0.lat),\($0.lon),10" }.joined(separator: "\n")).utf8)
    }

    private func post(_ scene: Scene, _ samples: [API.LocationSample]) throws {
        try scene.test.withClient { client in
            let response = try client.execute(
                .post, "/v1/locations", headers: scene.person.auth, body: JSONBody.encode(API.LocationBatch(samples: samples)))
            XCTAssertEqual(response.status.code, 200, response.text)
        }
    }

    private func get(_ scene: Scene, _ path: String) throws -> [String: Any] {
        try scene.test.withClient { client in
            let response = try client.execute(.get, path, headers: scene.guardian.auth)
            XCTAssertEqual(response.status.code, 200, response.text)
            return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        }
    }

    private func placeCount(_ scene: Scene) throws -> Int {
        (try get(scene, "/v1/accounts/\(scene.person.id)/places")["places"] as? [Any])?.count ?? -1
    }

    private func latestTime(_ scene: Scene) throws -> String? {
        ((try get(scene, "/v1/accounts/\(scene.person.id)/location")["location"]) as? [String: Any])?["t"] as? String
    }

    private func storedFixes(_ scene: Scene) throws -> Int64 {
        try scene.test.app.database.read { db in
            try db.fetchOne("SELECT count(*) FROM locations WHERE account_key = ?", [scene.person.key]) ?? 0
        }
    }

    func testAnImportIsHistoryDeduplicatedLearnedFromAndUndoneAsAWhole() throws {
        let scene = try scene()
        let rows = history(days: 10, before: scene.today)
        // Stored already: a live fix 30 s ago, and the first imported fix half a second off.
        let live = Double(scene.today) / 1000 - 30
        try post(scene, [API.LocationSample(t: live, lat: Self.home.lat, lon: Self.home.lon, accuracy: 8),
                         API.LocationSample(t: Double(rows[0].t) / 1000 + 0.5, lat: rows[0].lat, lon: rows[0].lon, accuracy: 8)])
        let latestBefore = try latestTime(scene)
        XCTAssertEqual(try placeCount(scene), 0, "a tracker is built, knowing nothing yet")

        // The file repeats its 100th fix.
        let file = csv(rows + [rows[99]])
        let record = try XCTUnwrap(try scene.service.begin(accountID: scene.person.id))
        var reports = 0
        let summary = try scene.service.run(try ImportReader(try ImportInput(bytes: file)), into: record) { _ in reports += 1 }
        XCTAssertEqual(summary.record.state, .done)
        XCTAssertNil(summary.record.problem)
        XCTAssertEqual(summary.record.format, .csv)
        XCTAssertEqual(summary.record.positions, rows.count - 1)
        XCTAssertEqual(summary.record.duplicates, 2, "one stored already, one repeated in the file")
        XCTAssertEqual(summary.record.first?.unixMilliseconds, rows[1].t)
        XCTAssertEqual(summary.record.last?.unixMilliseconds, rows[rows.count - 1].t)
        XCTAssertEqual(summary.placesLearned, 2, "home and work")
        XCTAssertGreaterThan(reports, 1)

        XCTAssertEqual(try storedFixes(scene), Int64(rows.count + 1))
        XCTAssertEqual(try placeCount(scene), 2, "the routine was rebuilt from the imported history")
        XCTAssertEqual(try latestTime(scene), latestBefore, "older fixes never move the latest position back")
        let alerts: Int64 = try scene.test.app.database.read { db in try db.fetchOne("SELECT count(*) FROM alerts") ?? 0 }
        XCTAssertEqual(alerts, 0, "ten walks out of the home zone, imported, raise nothing")
        XCTAssertEqual(try scene.service.find(importID: record.id)?.record, summary.record)

        let again = try XCTUnwrap(try scene.service.begin(accountID: scene.person.id))
        let repeated = try scene.service.run(try ImportReader(try ImportInput(bytes: file)), into: again)
        XCTAssertEqual(repeated.record.positions, 0)
        XCTAssertEqual(repeated.record.duplicates, rows.count + 1, "a second import of the same file stores nothing")

        let undone = try XCTUnwrap(try scene.service.undo(importID: record.id))
        XCTAssertEqual(undone.state, .undone)
        XCTAssertEqual(try storedFixes(scene), 2, "the live fix and the one stored before the import stay")
        XCTAssertEqual(try placeCount(scene), 0)
        XCTAssertEqual(try latestTime(scene), latestBefore)
        XCTAssertNil(try scene.service.undo(importID: "nope"))
        XCTAssertNil(try scene.service.begin(accountID: "nope"))
    }

    func testAnImportIntoAnEmptyAccountSetsTheLatestPositionAndUndoTakesItAway() throws {
        let scene = try scene()
        let rows = history(days: 1, before: scene.today)
        let record = try XCTUnwrap(try scene.service.begin(accountID: scene.person.id))
        let summary = try scene.service.run(try ImportReader(try ImportInput(bytes: csv(rows))), into: record)
        XCTAssertEqual(summary.record.positions, rows.count)
        XCTAssertEqual(try latestTime(scene), Timestamp(unixMilliseconds: rows[rows.count - 1].t).rfc3339)
        _ = try scene.service.undo(importID: record.id)
        XCTAssertEqual(try storedFixes(scene), 0)
        let latest: Int64 = try scene.test.app.database.read { db in
            try db.fetchOne("SELECT count(*) FROM latest_locations WHERE account_key = ?", [scene.person.key]) ?? 0
        }
        XCTAssertEqual(latest, 0)
    }

    func testACutOffFileKeepsWhatCameBeforeAndSaysWhereItStopped() throws {
        let scene = try scene()
        let rows = history(days: 1, before: scene.today)
        var file = csv(Array(rows.prefix(100)))
        file += Array("\n1704182400,51.5".utf8)
        let record = try XCTUnwrap(try scene.service.begin(accountID: scene.person.id))
        let summary = try scene.service.run(try ImportReader(try ImportInput(bytes: file)), into: record)
        XCTAssertEqual(summary.record.state, .stopped)
        XCTAssertEqual(summary.record.positions, 100)
        XCTAssertEqual(
            summary.record.problem, "line 102: cut off: the file ends inside this line (expected numeric lat and lon in columns 2 and 3)")
        XCTAssertEqual(try storedFixes(scene), 100)
    }

    func testACancelledImportTakesOutWhatItHadStoredAndTeachesTheRoutineNothing() throws {
        let scene = try scene()
        let placesBefore = try placeCount(scene)
        var settings = ImportSettings(AppConfiguration())
        settings.batchFixes = 100
        let service = ImportService(
            database: scene.test.app.database, clock: scene.test.clock, zoneObserver: scene.test.app.zoneObserver, settings: settings)
        let file = csv(history(days: 2, before: scene.today))
        let record = try service.begin(account: scene.person.key)
        var batches = 0
        let summary = try service.run(
            try ImportReader(try ImportInput(bytes: file)), into: record, progress: { _ in batches += 1 }, shouldStop: { batches >= 3 })
        XCTAssertEqual(summary.record.state, .cancelled)
        XCTAssertEqual(batches, 3)
        XCTAssertEqual(try storedFixes(scene), 0)
        XCTAssertEqual(try service.find(importID: record.id)?.record.state, .cancelled)
        XCTAssertEqual(try placeCount(scene), placesBefore)
        // Nothing left to undo.
        XCTAssertEqual(try service.undo(importID: record.id)?.state, .cancelled)
    }
}
