import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// A full disk answers 503 and stores nothing half-way; writes succeed again once there is room.
/// SQLite's `max_page_count` on the writer stands in for the disk (.ci/crash.sh fills a real tmpfs).
final class ReliabilityDiskFullTests: XCTestCase {
    func testAFullDiskAnswers503AndRecoversWhenSpaceReturns() throws {
        try TestDatabase.requireSQLite("max_page_count stands in for the disk")
        let test = try TestApp()
        let phone = try test.makeAccount()
        let pageCount = try test.app.database.read { db in
            try db.fetchOne("PRAGMA page_count") { row in try row.value(at: 0) as Int64 } ?? 0
        }
        try test.withClient { client in
            try test.app.database.write { db in try db.execute("PRAGMA max_page_count = \(pageCount)") }
            let samples = (0..<500).map { index in
                API.LocationSample(id: "s\(index)", t: Double(test.clock.now().unixMilliseconds / 1000 - 600 + Int64(index)), lat: 51.5, lon: -0.12)
            }
            let batch = API.LocationBatch(samples: samples)
            let full = try client.send(.post, "/v1/locations", token: phone.token, body: batch)
            XCTAssertEqual(full.status, .serviceUnavailable, full.text)
            XCTAssertEqual(full.errorCode, "unavailable")
            let stored = try test.app.database.read { db in
                try db.fetchOne("SELECT count(*) FROM locations") { row in try row.value(at: 0) as Int64 }
            }
            XCTAssertEqual(stored, 0)
            try test.app.database.write { db in try db.execute("PRAGMA max_page_count = 1073741823") }
            let again = try client.send(.post, "/v1/locations", token: phone.token, body: batch)
            XCTAssertEqual(again.status, .ok, again.text)
            XCTAssertEqual(try again.decode(IngestResult.self).accepted, 500)
        }
    }

    func testOnlyAFullDiskBecomes503() {
        XCTAssertEqual(DatabaseError(extendedResultCode: 13, message: "database or disk is full").httpError?.status, .serviceUnavailable)
        XCTAssertNil(DatabaseError(extendedResultCode: 11, message: "database disk image is malformed").httpError)
        XCTAssertNil(DatabaseError(extendedResultCode: 2067, message: "UNIQUE constraint failed").httpError)
    }
}
