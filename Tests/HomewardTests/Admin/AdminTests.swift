import Foundation
import HomewardStore
import XCTest
@testable import Homeward

final class AdminTests: XCTestCase {
    private func seed(_ test: TestApp, _ account: TestApp.Account, count: Int, endingSecondsAgo: Int64, spacingSeconds: Int64 = 1) throws {
        let caller = try test.app.authenticator.authenticate(token: account.token)
        let end = test.clock.now().adding(milliseconds: -endingSecondsAgo * 1000)
        let samples = (0..<count).map { index in
            LocationSample(time: end.adding(milliseconds: -Int64(index) * spacingSeconds * 1000), lat: 10, lon: 10 + Double(index) * 1e-6)
        }
        _ = try IngestService(app: test.app).storeLocations(samples, of: caller)
        _ = try IngestService(app: test.app).storeMotion(samples.map { MotionSample(time: $0.time, steps: 1) }, of: caller)
    }

    func testBackupWhileWritingIsAConsistentCopy() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try seed(test, anna, count: 500, endingSecondsAgo: 10_000)
        let service = IngestService(app: test.app)
        let caller = try test.app.authenticator.authenticate(token: anna.token)
        let base = test.clock.now()
        let writer = Thread {
            for round in 0..<20 {
                let samples = (0..<50).map { LocationSample(time: base.adding(milliseconds: -Int64(round * 50 + $0) * 1000), lat: 11, lon: 11) }
                _ = try? service.storeLocations(samples, of: caller)
                _ = try? service.storeMotion(samples.map { MotionSample(time: $0.time, steps: 1) }, of: caller)
            }
        }
        writer.start()
        let path = test.directory.appendingPathComponent("backup.sqlite").path
        try test.sqliteFile("online backup of the file").backup(to: path)
        let copy = try DatabasePool(path: path)
        defer { try? copy.close() }
        let check: String? = try copy.read { try $0.fetchOne("PRAGMA integrity_check") }
        XCTAssertEqual(check, "ok")
        let counts: (Int, Int) = try copy.read { db in
            (try db.fetchOne("SELECT count(*) FROM locations") ?? 0, try db.fetchOne("SELECT count(*) FROM motion") ?? 0)
        }
        XCTAssertGreaterThanOrEqual(counts.0, 500)
        XCTAssertGreaterThanOrEqual(counts.1, 500)
        XCTAssertTrue(Deadline.waitUntil { writer.isFinished })
    }

    func testPruneDeletesOnlyOldHistoryAndKeepsTheLatestPosition() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try seed(test, anna, count: 10, endingSecondsAgo: 100 * 86_400, spacingSeconds: 60)
        try seed(test, anna, count: 5, endingSecondsAgo: 60)
        let result = try HistoryPruner(database: test.app.database).prune(before: test.clock.now().adding(milliseconds: -90 * 86_400_000))
        XCTAssertEqual(result, PruneResult(locations: 10, motion: 10))
        let remaining: Int? = try test.app.database.read { try $0.fetchOne("SELECT count(*) FROM locations") }
        XCTAssertEqual(remaining, 5)
        XCTAssertNotNil(try test.app.database.read { try LocationStore(db: $0).latest(of: anna.key) })
        let buckets: Int? = try test.app.database.read { try $0.fetchOne("SELECT count(*) FROM motion_quarter_hours WHERE start_ms < ?", [test.clock.now().unixMilliseconds - 86_400_000]) }
        XCTAssertEqual(buckets, 0)
    }

    func testPruneDurationsReadDaysHoursAndMinutes() {
        XCTAssertEqual(HistoryPruner.milliseconds(of: "90d"), 90 * 86_400_000)
        XCTAssertEqual(HistoryPruner.milliseconds(of: "12h"), 12 * 3_600_000)
        XCTAssertEqual(HistoryPruner.milliseconds(of: "30m"), 30 * 60_000)
        XCTAssertNil(HistoryPruner.milliseconds(of: "90"))
        XCTAssertNil(HistoryPruner.milliseconds(of: "-1d"))
    }
}
