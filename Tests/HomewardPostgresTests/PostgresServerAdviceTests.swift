import XCTest
@testable import HomewardPostgres

/// The server settings a node checks at start (`PostgresServerAdvice`).
final class PostgresServerAdviceTests: XCTestCase {
    private let advisedPerRelation = PostgresServerAdvice.minimumPredicateLocksPerRelation

    func testTheDefaultOfTwoPredicateLocksAPageIsWarnedAboutWithTheCommandThatFixesIt() {
        let warnings = PostgresServerAdvice.warnings(predicateLocksPerPage: 2, predicateLocksPerRelation: advisedPerRelation)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("max_pred_locks_per_page is 2"), warnings[0])
        XCTAssertTrue(warnings[0].contains("ALTER SYSTEM SET max_pred_locks_per_page = 64"), warnings[0])
        XCTAssertEqual(PostgresServerAdvice.warnings(predicateLocksPerPage: 63, predicateLocksPerRelation: advisedPerRelation).count, 1)
    }

    func testTheDefaultOf32PredicateLocksARelationIsWarnedAboutWithTheCommandThatFixesIt() {
        // PostgreSQL's defaults: max_pred_locks_per_relation -2, max_pred_locks_per_transaction 64.
        let perRelation = PostgresServerAdvice.predicateLocksPerRelation(setting: -2, perTransaction: 64)
        XCTAssertEqual(perRelation, 32)
        let warnings = PostgresServerAdvice.warnings(predicateLocksPerPage: 64, predicateLocksPerRelation: perRelation)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("max_pred_locks_per_relation is 32"), warnings[0])
        XCTAssertTrue(warnings[0].contains("ALTER SYSTEM SET max_pred_locks_per_relation = 256"), warnings[0])
        XCTAssertEqual(PostgresServerAdvice.warnings(predicateLocksPerPage: 2, predicateLocksPerRelation: 255).count, 2)
        XCTAssertEqual(PostgresServerAdvice.predicateLocksPerRelation(setting: 300, perTransaction: 64), 300)
    }

    func testTheAdvisedSettingsOrMoreAreNotWarnedAbout() {
        XCTAssertEqual(PostgresServerAdvice.warnings(predicateLocksPerPage: 64, predicateLocksPerRelation: 256), [])
        XCTAssertEqual(PostgresServerAdvice.warnings(predicateLocksPerPage: 1_000, predicateLocksPerRelation: 10_000), [])
    }

    func testTheRunningServersSettingsAreRead() throws {
        let db = try PostgresTestServer.connect()
        let perPage: Int? = try db.fetchOne("SELECT CAST(current_setting('max_pred_locks_per_page') AS bigint)")
        let perRelation: Int? = try db.fetchOne("SELECT CAST(current_setting('max_pred_locks_per_relation') AS bigint)")
        let perTransaction: Int? = try db.fetchOne("SELECT CAST(current_setting('max_pred_locks_per_transaction') AS bigint)")
        let expected = PostgresServerAdvice.warnings(
            predicateLocksPerPage: try XCTUnwrap(perPage),
            predicateLocksPerRelation: PostgresServerAdvice.predicateLocksPerRelation(
                setting: try XCTUnwrap(perRelation), perTransaction: try XCTUnwrap(perTransaction)))
        XCTAssertEqual(try PostgresServerAdvice.warnings(on: db), expected)
    }
}
