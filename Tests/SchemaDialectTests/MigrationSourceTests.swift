import SchemaDialect
import XCTest

/// A migration written once renders for each engine: blocks go to their engine only, the lines both
/// run are SQLite's as written and PostgreSQL's translated, and a file that cannot render names the
/// line.
final class MigrationSourceTests: XCTestCase {
    private func render(_ source: String, _ engine: SchemaEngine) throws -> String {
        try MigrationSource.render(source, for: engine)
    }

    private func assertRefused(_ source: String, line: Int, containing words: String, file: StaticString = #filePath, lineNumber: UInt = #line) {
        for engine in SchemaEngine.allCases {
            XCTAssertThrowsError(try render(source, engine), "\(engine)", file: file, line: lineNumber) { error in
                guard let error = error as? MigrationSourceError else { return XCTFail("\(error)", file: file, line: lineNumber) }
                XCTAssertEqual(error.line, line, "\(engine): \(error)", file: file, line: lineNumber)
                XCTAssertTrue(error.message.contains(words), "\(engine): \(error)", file: file, line: lineNumber)
            }
        }
    }

    func testSQLiteRunsTheFileWithoutPostgreSQLBlocksOrMarkers() throws {
        let source = """
            -- Places.
            CREATE TABLE places (
            -- sqlite:
                code TEXT CHECK (code GLOB '[A-Z]*'), -- a code
            -- postgres:
                code TEXT CHECK (code ~ '^[A-Z]'),
            -- end
                size REAL                             -- how big
            ) STRICT;
              -- postgres:
            CREATE FUNCTION f() RETURNS INTEGER LANGUAGE sql RETURN 1;
              -- end

            """
        XCTAssertEqual(try render(source, .sqlite), """
            -- Places.
            CREATE TABLE places (
                code TEXT CHECK (code GLOB '[A-Z]*'), -- a code
                size REAL                             -- how big
            ) STRICT;

            """)
        XCTAssertEqual(try render(source, .postgres), """
            -- Places.
            CREATE TABLE places (
                code TEXT CHECK (code ~ '^[A-Z]'),
                size DOUBLE PRECISION                             -- how big
            );
            CREATE FUNCTION f() RETURNS INTEGER LANGUAGE sql RETURN 1;

            """)
    }

    func testAFileWithoutBlocksIsSQLitesAsItIs() throws {
        let source = "-- One table.\nCREATE TABLE t (\n    n INTEGER NOT NULL -- a number\n) STRICT, WITHOUT ROWID;\n"
        XCTAssertEqual(try render(source, .sqlite), source)
        XCTAssertEqual(try render(source, .postgres), "-- One table.\nCREATE TABLE t (\n    n BIGINT NOT NULL -- a number\n);\n")
    }

    func testPostgreSQLTypesAndIdentityKeys() throws {
        let source = """
            CREATE TABLE t (
                key       INTEGER NOT NULL PRIMARY KEY,                            -- internal key
                owner_key INTEGER NOT NULL PRIMARY KEY REFERENCES accounts (key),  -- a key that is also a reference
                one       INTEGER NOT NULL PRIMARY KEY CHECK (one = 1),            -- a key that is checked
                bytes     BLOB,
                ratio     REAL
            ) STRICT;
            CREATE TABLE u (id INTEGER PRIMARY KEY) WITHOUT ROWID, STRICT;
            ALTER TABLE t ADD COLUMN n INTEGER NOT NULL DEFAULT 0;
            """
        XCTAssertEqual(try render(source, .postgres), """
            CREATE TABLE t (
                key       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,                            -- internal key
                owner_key BIGINT NOT NULL PRIMARY KEY REFERENCES accounts (key),  -- a key that is also a reference
                one       BIGINT NOT NULL PRIMARY KEY CHECK (one = 1),            -- a key that is checked
                bytes     BYTEA,
                ratio     DOUBLE PRECISION
            );
            CREATE TABLE u (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY);
            ALTER TABLE t ADD COLUMN n BIGINT NOT NULL DEFAULT 0;
            """)
    }

    func testAKeyWhoseDefinitionGoesOnIsNotAnIdentity() throws {
        let source = """
            CREATE TABLE t (
                owner_key INTEGER NOT NULL PRIMARY KEY    -- the owner
                          REFERENCES accounts (key),
                key       INTEGER PRIMARY KEY             -- the last column
            );
            """
        XCTAssertEqual(try render(source, .postgres), """
            CREATE TABLE t (
                owner_key BIGINT NOT NULL PRIMARY KEY    -- the owner
                          REFERENCES accounts (key),
                key       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY             -- the last column
            );
            """)
    }

    func testCommentsLiteralsAndQuotedNamesAreNotTranslated() throws {
        let source = """
            -- times are INTEGER milliseconds; a digest is a BLOB; tables are STRICT
            CREATE TABLE t (
                note TEXT NOT NULL DEFAULT 'an INTEGER, a REAL, a BLOB', -- STRICT GLOB
                "INTEGER" TEXT,
                said TEXT CHECK (said <> 'it''s REAL')
            ) STRICT;
            """
        XCTAssertEqual(try render(source, .postgres), """
            -- times are INTEGER milliseconds; a digest is a BLOB; tables are STRICT
            CREATE TABLE t (
                note TEXT NOT NULL DEFAULT 'an INTEGER, a REAL, a BLOB', -- STRICT GLOB
                "INTEGER" TEXT,
                said TEXT CHECK (said <> 'it''s REAL')
            );
            """)
        // Only the capitals are types: a column named `real` stays as it is.
        XCTAssertEqual(try render("ALTER TABLE t ADD COLUMN real INTEGER;", .postgres), "ALTER TABLE t ADD COLUMN real BIGINT;")
    }

    func testASQLiteBlockMayStandAloneAndBlocksMaySpanStatements() throws {
        let source = """
            ALTER TABLE t ADD COLUMN n INTEGER;
            -- sqlite:
            PRAGMA writable_schema = ON;
            UPDATE sqlite_schema SET sql = replace(sql, 'a
            b', 'c') WHERE name = 't';
            PRAGMA writable_schema = OFF;
            -- end
            """
        XCTAssertEqual(try render(source, .postgres), "ALTER TABLE t ADD COLUMN n BIGINT;")
        XCTAssertEqual(try render(source, .sqlite), source.replacingOccurrences(of: "-- sqlite:\n", with: "").replacingOccurrences(of: "\n-- end", with: ""))
    }

    func testAWordOnlyOneEngineHasMustBeInABlock() {
        assertRefused("CREATE TABLE t (\n    code TEXT CHECK (code GLOB 'A*')\n) STRICT;\n", line: 2, containing: "only SQLite has GLOB")
        assertRefused("SELECT 1;\nPRAGMA foreign_keys = ON;", line: 2, containing: "`-- sqlite:` block")
        assertRefused("SELECT strftime('%s', 'now');", line: 1, containing: "strftime")
        assertRefused("CREATE TABLE t (n BIGINT);", line: 1, containing: "only PostgreSQL has BIGINT")
        assertRefused("SELECT GREATEST(1, 2);", line: 1, containing: "`-- postgres:` block")
        // STRICT that is not a table's option is refused too.
        assertRefused("CREATE TABLE t (n INTEGER STRICT);", line: 1, containing: "STRICT")
    }

    func testBlocksThatDoNotCloseOrNestAreRefusedWithTheirLine() {
        assertRefused("SELECT 1;\n-- sqlite:\nSELECT 2;\n", line: 2, containing: "not closed")
        assertRefused("-- postgres:\nSELECT 2;\n-- postgres:\nSELECT 3;\n-- end\n", line: 3, containing: "inside")
        assertRefused("-- sqlite:\nSELECT 2;\n-- sqlite:\n-- end\n", line: 3, containing: "inside")
        assertRefused("SELECT 1;\n-- end\n", line: 2, containing: "without")
        assertRefused("-- postgres:\nSELECT 2;\n-- sqlite:\n-- end\n", line: 3, containing: "inside")
    }

    func testAMarkerIsAWholeLine() throws {
        // A comment that merely starts like a marker is an ordinary comment, shared by both engines.
        let source = "-- sqlite: stores each integer in the bytes it needs\nSELECT 1;\n"
        XCTAssertEqual(try render(source, .sqlite), source)
        XCTAssertEqual(try render(source, .postgres), source)
    }
}
