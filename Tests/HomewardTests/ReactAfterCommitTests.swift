import Foundation
import Homeward
import HomewardHTTP
import HomewardStore
import XCTest

/// An observer that fails after the others wrote, as a later observer or a failed COMMIT would.
private struct FailingObserver: LocationObserver {
    struct Failure: Error {}

    func observe(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws -> [AppEvent] {
        throw Failure()
    }
}

/// Memory follows the database: what a write changed in memory is taken back when the write rolls back.
final class ReactAfterCommitTests: XCTestCase {
    private static let home = (lat: 51.5007, lon: -0.1246)

    /// Ten-second fixes walking north from home, `metres` a step.
    private func walk(from start: Timestamp, steps: Int, startingNorth: Double, metres: Double) -> [LocationSample] {
        (0..<steps).map { index in
            let north = startingNorth + Double(index + 1) * metres
            return LocationSample(
                time: start.adding(milliseconds: Int64(index + 1) * 10_000),
                lat: Self.home.lat + north / 111_320, lon: Self.home.lon, accuracyMetres: 8)
        }
    }

    func testAnExitWhoseWriteRolledBackIsRaisedWhenTheFixesAreSentAgain() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient(.inProcess) { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: Self.home.lat, lon: Self.home.lon, radius: 100))
            let created = try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: person.auth, body: zone)
            XCTAssertEqual(created.status.code, 201, created.text)
        }
        let caller = try test.app.authenticator.authenticate(token: person.token)
        let service = IngestService(app: test.app)
        let start = test.clock.now().adding(milliseconds: -3_600_000)
        let atHome = walk(from: start, steps: 30, startingNorth: 0, metres: 0)
        XCTAssertEqual(try service.storeLocations(atHome, of: caller).accepted, 30)
        XCTAssertEqual(test.app.statusBoard.status(of: person.key)?.zone, "Home")

        let away = walk(from: atHome.last!.time, steps: 35, startingNorth: 0, metres: 12)
        let out = away + walk(from: away.last!.time, steps: 30, startingNorth: 420, metres: 0)
        let failing = IngestService(app: test.app, observers: test.app.locationObservers + [FailingObserver()])
        XCTAssertThrowsError(try failing.storeLocations(out, of: caller))
        XCTAssertEqual(try count(test, "SELECT count(*) FROM locations"), 30, "the failed write stored nothing")
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts"), 0)
        XCTAssertEqual(test.app.statusBoard.status(of: person.key)?.zone, "Home", "the board never saw the rolled-back exit")

        XCTAssertEqual(try service.storeLocations(out, of: caller).accepted, 65)
        XCTAssertEqual(try count(test, "SELECT count(*) FROM alerts WHERE type = 'left_zone' AND status = 'open'"), 1)
        XCTAssertNil(test.app.statusBoard.status(of: person.key)?.zone)
    }

    func testCommitActionsRunOnlyForWriteBlocksThatCommitted() throws {
        let test = try TestApp()
        let log = LockedLog()
        struct Refused: Error {}
        XCTAssertThrowsError(try test.app.database.write { db in
            db.afterCommit { log.append("first committed") }
            db.onRollback { log.append("first undone") }
            throw Refused()
        })
        try test.app.database.write { db in
            db.onRollback { log.append("second undone") }
            db.afterCommit { log.append("second committed") }
        }
        XCTAssertEqual(log.entries, ["first undone", "second committed"])
    }

    private func count(_ test: TestApp, _ sql: String) throws -> Int64 {
        try test.app.database.read { db in try db.fetchOne(sql) ?? 0 }
    }
}

/// A list of strings several threads may append to.
private final class LockedLog: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var stored: [String] = []

    func append(_ entry: String) { lock.withLock { stored.append(entry) } }
    var entries: [String] { lock.withLock { stored } }
}
