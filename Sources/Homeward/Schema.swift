import HomewardPostgres
import HomewardStore

/// The migrations the binary carries: each `schema/NNNN_name.sql` is written once and rendered at
/// build time as SQLite runs it (`migrations`) and as PostgreSQL runs it (`postgresMigrations`);
/// schema/README.md tells how.
public enum Schema {
    /// The migrations as SQLite runs them, as (name, SQL), in the order they apply.
    public static var migrations: [(name: String, sql: String)] { EmbeddedSchema.migrations }
    /// The same migrations as PostgreSQL runs them, numbered and named the same.
    public static var postgresMigrations: [(name: String, sql: String)] { EmbeddedSchema.postgresMigrations }
    /// The OpenAPI description of the HTTP API.
    public static var openAPI: String { EmbeddedSchema.openAPI }

    /// The migrator of a SQLite database.
    public static func migrator() throws -> Migrator {
        try Migrator(migrations)
    }

    /// The migrator of a PostgreSQL database: it takes the checksums such a database recorded
    /// before the migrations were written once (`postgresChecksumsBeforeOneSource`) as its own.
    public static func postgresMigrator() throws -> PostgresMigrator {
        try PostgresMigrator(postgresMigrations, earlierChecksums: postgresChecksumsBeforeOneSource)
    }

    /// By version, the SHA-256 of migrations 1 to 22 as PostgreSQL databases recorded them until the
    /// migrations were written once: each came as a file of its own in schema/postgres/ (last as of
    /// commit a344df4, kept in Tests/SchemaBeforeOneSource/). Rendered from the one source, their
    /// statements are those of the files, with other comments and spacing, and make the same database; `PostgresSchemaBeforeOneSourceTests`
    /// migrates a database with the old files and proves that this binary opens it, applies none of
    /// them again, and that its tables, constraints, indexes, views, functions and triggers are
    /// those of a database this binary makes. SQLite's rendering is byte for byte the earlier file,
    /// so SQLite databases need no such list (`SchemaTests`).
    static let postgresChecksumsBeforeOneSource: [Int: Set<String>] = [
        1: ["6baeb18db5f1b920d7faaae2c1812f41976aa7735914f825a1ae60bfc679f5a4"],
        2: ["292d5ce88b0a62728518280d430586f63b13fd303848d673fc91bcab4ca0bd70"],
        3: ["a4bf47f22eb4b733b007bcfc7fdb89f2525cf69b029a5184cefa0610da4b1f7b"],
        4: ["ae1905bbedf81693ace8821f400f691523f642632a5f13782bd27b287b006087"],
        5: ["3e916ca19dcf9aa0161dc3c39549c54d5cf37621c81386ddddd23209126d3646"],
        6: ["8f5450aab24001d52cc6156456b642050f3752dccadccfe1d78ccfd3af0d0599"],
        7: ["bbbc4f60cb4e4c7b95a5cd0c2c86b3db772dfa2436063b0a7df15e36baada809"],
        8: ["d75b54de2fccdfd21a96c8057c1ec622116d82007994315eb70bb6fb2bc98f84"],
        9: ["bb775c0bc543c31f80d356b01e02caa562ad04a7c6701cc64d0f99c6a81fef85"],
        10: ["14e2f697c7c06f7a9945416c104a8c841675af6a6a840fde24af6d69c8430d6a"],
        11: ["de1f2659ccc1bd7899c31af908f6ceb637964bfe159bf4b1aa3fbbeb6b4ae4d6"],
        12: ["fadcecff778f3c2a997823bc2a07f174352f4c874b46b523d3937a03e74014cd"],
        13: ["2ead87e606401638338eb4715ca452b5a27ad9fbaeb21992f5e502a21b5bfa52"],
        14: ["13406d9135114341a34dda0f19582479c88bb0fd620026d89d932538c255ff40"],
        15: ["b27e976b22398ff50f7387e8404421f3b5b0212a883152edd9076151e0967d6c"],
        16: ["e5984ba7fbe043ad4ce505d884001776d2f147597c4b42b3f2432cdcbe477255"],
        17: ["87dc7c9958505c80b59a362a0c9ab55b0d6ef93719d26803dd8eb9dcd7a7bafb"],
        18: ["a924bd12051962dfdbfac558ba20e8ee87364f673c7a177027c1dfe0ca7eb4d7"],
        19: ["ddf3fb7819cf82f0ddab27dd10e638dd9aebc7f7aca558be2d80da09ae336036"],
        20: ["b0312788a38193d15604bbc4df71a0ca1d2ed003cf3b4f6b244e8735ae58bc4a"],
        21: ["51e4306b3cbf48d0d5ea9323d65a6e58dfd54f64237dcc57fb80acd8eed35975"],
        22: ["1c33ad1609ffd37794a22947a5c40dd98bc1b7de85701842eae66f9d2a12715b"],
    ]
}
