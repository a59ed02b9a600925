import Foundation
import XCTest
@testable import HomewardPostgres

final class PostgresPoolTests: XCTestCase {
    func testBorrowersNeverHoldMoreConnectionsThanTheLimit() throws {
        var limits = PostgresPoolLimits()
        limits.maxConnections = 3
        let pool = try PostgresPool(url: PostgresTestServer.url(), limits: limits)
        defer { pool.close() }
        let seen = BackendSet()
        DispatchQueue.concurrentPerform(iterations: 24) { _ in
            let backend = try? pool.withConnection { db -> Int? in
                _ = try db.execute("SELECT pg_sleep(0.01)")
                return try db.fetchOne("SELECT pg_backend_pid()")
            }
            if let backend { seen.insert(backend) }
        }
        XCTAssertGreaterThan(seen.count, 0)
        XCTAssertLessThanOrEqual(seen.count, 3, "distinct server processes = connections opened")
        XCTAssertLessThanOrEqual(pool.openConnections, 3)
    }

    func testAWaitingBorrowerIsToldThePoolIsExhaustedAfterTheTimeout() throws {
        var limits = PostgresPoolLimits()
        limits.maxConnections = 1
        limits.acquireTimeoutSeconds = 0.2
        let pool = try PostgresPool(url: PostgresTestServer.url(), limits: limits)
        defer { pool.close() }
        try pool.withConnection { _ in
            XCTAssertThrowsError(try pool.withConnection { _ in }) { error in
                XCTAssertEqual((error as? PostgresError)?.sqlState, "53300")
            }
        }
        XCTAssertNoThrow(try pool.withConnection { _ in }, "the connection came back")
    }

    func testAConnectionTheServerEndedIsReplaced() throws {
        let pool = try PostgresPool(url: PostgresTestServer.url())
        defer { pool.close() }
        let first: Int? = try pool.withConnection { try $0.fetchOne("SELECT pg_backend_pid()") }
        let killer = try PostgresTestServer.connect()
        XCTAssertEqual(try killer.fetchOne("SELECT pg_terminate_backend($1)", [first]) as Bool?, true)
        XCTAssertThrowsError(try pool.withConnection { try $0.execute("SELECT 1") }) { error in
            XCTAssertEqual((error as? PostgresError)?.isConnectionFailure, true)
        }
        let second: Int? = try pool.withConnection { try $0.fetchOne("SELECT pg_backend_pid()") }
        XCTAssertNotNil(second)
        XCTAssertNotEqual(second, first)
    }

    func testAWrongURLFailsWhenThePoolIsMade() {
        XCTAssertThrowsError(try PostgresPool(url: "postgres://homeward@127.0.0.1:1/none?connect_timeout=2"))
    }
}

/// The server processes that answered, from many threads.
private final class BackendSet: @unchecked Sendable {
    private let lock = NSLock()
    private var processes = Set<Int>()

    func insert(_ process: Int) { lock.withLock { _ = processes.insert(process) } }
    var count: Int { lock.withLock { processes.count } }
}
