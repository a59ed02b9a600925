import XCTest
import HomewardHTTP
import HomewardStore
@testable import Homeward

/// Deleting an account erases every row that belongs to it, in every table, including tables that
/// other features add later.
final class AccountsDeletionTests: XCTestCase {
    func testEveryReferenceToAnAccountCascadesOrIsCleared() throws {
        let test = try TestApp()
        let references = try Self.accountReferences(in: test.app.database)
        XCTAssertFalse(references.isEmpty)
        for reference in references {
            XCTAssertTrue(["CASCADE", "SET NULL"].contains(reference.onDelete),
                          "\(reference.table).\(reference.column) must say ON DELETE CASCADE")
        }
    }

    func testDeletionErasesEveryRowThatBelongsToTheAccount() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        let ben = try test.makeAccount(name: "Ben")
        try test.link(guardian: ben, dependent: anna)
        try test.link(guardian: anna, dependent: ben)
        test.app.presence.touch(anna.key, at: test.clock.now())
        try test.withClient { client in
            XCTAssertEqual(try client.send(.put, "/v1/me/verification-code", token: anna.token, body: API.CodeSetting()).status, .ok)
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
            XCTAssertEqual(try client.send(.put, "/v1/me/avatar", token: anna.token, headers: ["Content-Type": "image/png"],
                                           body: png).status, .noContent)
            try test.app.database.write { db in
                try db.execute(
                    "INSERT INTO devices (id, account_key, name, key_sha256, created_at_ms) VALUES (?, ?, 'tablet', ?, 0)",
                    SecureRandom.identifier(), anna.key, test.app.secrets.digest("device"))
                try db.execute(
                    "INSERT INTO alerts (id, account_key, type, status, cause, created_at_ms) VALUES (?, ?, 'sos', 'open', 'sos', 0)",
                    SecureRandom.identifier(), anna.key)
                try db.execute(
                    "INSERT INTO webhooks (account_key, url, secret, created_at_ms, updated_at_ms) VALUES (?, 'https://a.example', 's', 0, 0)",
                    anna.key)
            }
            let wrong = try client.send(.delete, "/v1/me", token: anna.token, body: API.PasswordConfirmation(password: "Wrong-Horse-9"))
            XCTAssertEqual(wrong.status, .forbidden)
            XCTAssertGreaterThan(try Self.rowsReferring(to: anna.key, in: test.app.database), 0)

            let deleted = try client.send(.delete, "/v1/me", token: anna.token, body: API.PasswordConfirmation(password: "Correct-Horse-9"))
            XCTAssertEqual(deleted.status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: anna.token).status, .unauthorized)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: ben.token).status, .ok)
            let links = try client.send(.get, "/v1/links", token: ben.token).decode(API.LinkList.self)
            XCTAssertEqual(links.dependents.count, 0)
            XCTAssertEqual(links.guardians.count, 0)
        }
        XCTAssertEqual(try Self.rowsReferring(to: anna.key, in: test.app.database), 0)
        XCTAssertNil(test.app.presence.lastSeen(anna.key))
        let benRows: Int64? = try test.app.database.read { db in
            try db.fetchOne("SELECT count(*) FROM accounts WHERE key = ?", [ben.key])
        }
        XCTAssertEqual(benRows, 1)
    }

    func testDeletionNeedsTheBody() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            XCTAssertEqual(try client.send(.delete, "/v1/me", token: anna.token, json: "{}").status, .badRequest)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: anna.token).status, .ok)
        }
    }

    private struct AccountReference {
        let table: String
        let column: String
        let onDelete: String
    }

    /// Every column of every table that refers to `accounts`, found from the schema itself.
    private static func accountReferences(in database: some DatabaseReader) throws -> [AccountReference] {
        try database.read { db in
            if db.dialect == .postgresql {
                return try db.fetchAll(
                    """
                    SELECT kcu.table_name, kcu.column_name, rc.delete_rule
                    FROM information_schema.referential_constraints rc
                    JOIN information_schema.key_column_usage kcu
                      ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
                    JOIN information_schema.constraint_column_usage ccu
                      ON ccu.constraint_name = rc.constraint_name AND ccu.constraint_schema = rc.constraint_schema
                    WHERE ccu.table_name = 'accounts' AND rc.constraint_schema = current_schema()
                    """
                ) { row in
                    AccountReference(table: try row.value(named: "table_name"), column: try row.value(named: "column_name"),
                                     onDelete: try row.value(named: "delete_rule"))
                }
            }
            let tables: [String] = try db.fetchAll(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            var references: [AccountReference] = []
            for table in tables {
                try db.query("SELECT \"table\", \"from\", on_delete FROM pragma_foreign_key_list(?)", [table]) { row in
                    guard try row.value(at: 0) as String == "accounts" else { return }
                    references.append(AccountReference(table: table, column: try row.value(at: 1), onDelete: try row.value(at: 2)))
                }
            }
            return references
        }
    }

    /// Rows in any table that refer to `key`, plus the account row itself.
    private static func rowsReferring(to key: AccountKey, in database: some DatabaseReader) throws -> Int64 {
        let references = try accountReferences(in: database)
        return try database.read { db in
            var total: Int64 = try db.fetchOne("SELECT count(*) FROM accounts WHERE key = ?", [key]) ?? 0
            for reference in references {
                total += try db.fetchOne(
                    "SELECT count(*) FROM \"\(reference.table)\" WHERE \"\(reference.column)\" = ?", [key]) ?? 0
            }
            return total
        }
    }
}
