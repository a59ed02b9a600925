import XCTest
@testable import HomewardPostgres

/// The server settings a node checks at start (`PostgresServerAdvice`).
final class PostgresServerAdviceTests: XCTestCase {
    func testTheDefaultOfTwoPredicateLocksAPageIsWarnedAboutWithTheCommandThatFixesIt() {
        let warnings = PostgresServerAdvice.warnings(predicateLocksPerPage: 2)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("max_pred_locks_per_page is 2"), warnings[0])
        XCTAssertTrue(warnings[0].contains("ALTER SYSTEM SET max_pred_locks_per_page = 64"), warnings[0])
        XCTAssertEqual(PostgresServerAdvice.warnings(predicateLocksPerPage: 63).count, 1)
    }

    func testTheAdvisedSettingOrMoreIsNotWarnedAbout() {
        XCTAssertEqual(PostgresServerAdvice.warnings(predicateLocksPerPage: 64), [])
        XCTAssertEqual(PostgresServerAdvice.warnings(predicateLocksPerPage: 1_000), [])
    }

    func testTheRunningServersSettingIsRead() throws {
        let db = try PostgresTestServer.connect()
        let perPage: Int? = try db.fetchOne("SELECT CAST(current_setting('max_pred_locks_per_page') AS bigint)")
        let expected = PostgresServerAdvice.warnings(predicateLocksPerPage: try XCTUnwrap(perPage))
        XCTAssertEqual(try PostgresServerAdvice.warnings(on: db), expected)
    }
}
