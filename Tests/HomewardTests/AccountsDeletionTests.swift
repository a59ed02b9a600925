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
            let now = Double(test.clock.now().unixMilliseconds) / 1000
            let fixes = (0..<20).map { API.LocationSample(t: now - 60 + Double($0), lat: 51.5, lon: -0.12, accuracy: 8) }
            XCTAssertEqual(try client.send(.post, "/v1/locations", token: anna.token, body: API.LocationBatch(samples: fixes)).status, .ok)
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
            XCTAssertGreaterThan(try Self.rowsReferring(to: anna.key, in: test.app.database), 20)
            XCTAssertEqual(try Self.fixes(of: anna.key, in: test.app.database), 20)

            let deleted = try client.send(.delete, "/v1/me", token: anna.token, body: API.PasswordConfirmation(password: "Correct-Horse-9"))
            XCTAssertEqual(deleted.status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: anna.token).status, .unauthorized)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: ben.token).status, .ok)
            let links = try client.send(.get, "/v1/links", token: ben.token).decode(API.LinkList.self)
            XCTAssertEqual(links.dependents.count, 0)
            XCTAssertEqual(links.guardians.count, 0)
        }
        XCTAssertEqual(try Self.rowsReferring(to: anna.key, in: test.app.database), 0)
        XCTAssertEqual(try Self.fixes(of: anna.key, in: test.app.database), 0, "the history has no foreign key; the deletion takes it")
        XCTAssertNil(test.app.presence.lastSeen(anna.key))
        let benRows: Int64? = try test.app.database.read { db in
            try db.fetchOne("SELECT count(*) FROM accounts WHERE key = ?", [ben.key])
        }
        XCTAssertEqual(benRows, 1)
    }

    /// `locations` has no foreign key to `accounts` (schema/0020): a fix of an account deleted after
    /// its request was authenticated (here or on another node), or of no account at all, is refused
    /// by ingest itself, on the blocking and the queued path, and nothing of it is stored.
    func testAFixOfADeletedOrUnknownAccountIsRefusedAndNothingIsStored() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        let ingest = IngestService(app: test.app)
        let caller = Caller(accountKey: anna.key, accountID: anna.id, sessionID: nil)
        func fixes(_ count: Int, from offset: Int) -> [LocationSample] {
            (0..<count).map { index in
                LocationSample(time: test.clock.now().adding(milliseconds: Int64(offset + index - 600) * 1_000), lat: 51.5, lon: -0.12,
                               accuracyMetres: 8)
            }
        }
        XCTAssertEqual(try ingest.storeLocations(fixes(1, from: 0), of: caller).accepted, 1)
        try test.withClient { client in
            let deleted = try client.send(.delete, "/v1/me", token: anna.token, body: API.PasswordConfirmation(password: "Correct-Horse-9"))
            XCTAssertEqual(deleted.status, .noContent)
        }
        let unknown = Caller(accountKey: anna.key + 1_000, accountID: "unknown", sessionID: nil)
        for refused in [caller, unknown] {
            for batch in [fixes(1, from: 10), fixes(40, from: 20)] {
                XCTAssertThrowsError(try ingest.storeLocations(batch, of: refused)) { error in
                    XCTAssertEqual(error as? AccountGoneError, AccountGoneError())
                    XCTAssertEqual((error as? AccountGoneError)?.httpError?.status, .unauthorized)
                }
                let queued = waitForCompletion { finish in ingest.storeLocations(batch.map { .sample($0) }, of: refused, completion: finish) }
                XCTAssertThrowsError(try queued.get()) { error in XCTAssertTrue(error is AccountGoneError, "\(error)") }
            }
            XCTAssertEqual(try Self.fixes(of: refused.accountKey, in: test.app.database), 0)
        }
    }

    /// An import whose account is deleted between two of its batches stores nothing after that: the
    /// next batch is refused with the import's row gone, and the deletion took what came before.
    func testAnImportWhoseAccountIsDeletedMeanwhileStoresNothingMore() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        var settings = ImportSettings(AppConfiguration())
        settings.batchFixes = 100
        let imports = ImportService(database: test.app.database, clock: test.clock, zoneObserver: nil, settings: settings)
        let start = test.clock.now().unixMilliseconds / 1000 - 86_400
        let file = "t,lat,lon\n" + (0..<500).map { "\(start + Int64($0) * 60),51.5,-0.12" }.joined(separator: "\n")
        let record = try XCTUnwrap(try imports.begin(accountID: anna.id))
        var batches = 0
        XCTAssertThrowsError(try imports.run(try ImportReader(try ImportInput(bytes: Array(file.utf8))), into: record) { _ in
            batches += 1
            if batches == 1 { try? test.app.database.write { db in try AccountStore(db: db).deleteAccount(anna.key) } }
        }) { error in XCTAssertTrue(error is AccountGoneError, "\(error)") }
        XCTAssertEqual(batches, 1)
        XCTAssertEqual(try Self.fixes(of: anna.key, in: test.app.database), 0)
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

    /// The fixes stored for `key`.
    private static func fixes(of key: AccountKey, in database: some DatabaseReader) throws -> Int64 {
        try database.read { db in try db.fetchOne("SELECT count(*) FROM locations WHERE account_key = ?", [key]) ?? -1 }
    }

    /// Every table with an `account_key` column that no foreign key ties to `accounts` (the history,
    /// schema/0020), found from the schema itself: the deletion must empty those too.
    private static func untiedAccountColumns(in database: some DatabaseReader, besides tied: [AccountReference]) throws -> [AccountReference] {
        let tables: [String] = try database.read { db in
            if db.dialect == .postgresql {
                return try db.fetchAll(
                    """
                    SELECT c.table_name FROM information_schema.columns c
                    JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
                    WHERE c.column_name = 'account_key' AND c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
                    """)
            }
            return try db.fetchAll(
                """
                SELECT m.name FROM sqlite_schema m, pragma_table_info(m.name) c
                WHERE m.type = 'table' AND c.name = 'account_key'
                """)
        }
        let tiedTables = Set(tied.filter { $0.column == "account_key" }.map(\.table))
        return tables.filter { !tiedTables.contains($0) }.map { AccountReference(table: $0, column: "account_key", onDelete: "") }
    }

    /// Rows in any table that refer to `key`, plus the account row itself.
    private static func rowsReferring(to key: AccountKey, in database: some DatabaseReader) throws -> Int64 {
        let tied = try accountReferences(in: database)
        let references = tied + (try untiedAccountColumns(in: database, besides: tied))
        XCTAssertTrue(references.contains { $0.table == "locations" })
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
