extension ServerSettings {
    /// Where the data lives, the secret kept beside it, its connections and how long history is kept.
    static let database: [ServerSetting] = [
        .value("database", \.databasePath,
               "Path of the SQLite database file, created on first start; or the URL of a PostgreSQL database (`postgres://user:password@host:port/name`, see Running on PostgreSQL), for `serve`, `migrate`, `stats`, `prune`, `import` and `replay` (back it up with `pg_dump`)"),
        .parsed("secret-file", \.secretFilePath,
                "The server secret: the key of the stored digests of codes, tokens and keys; created with mode 0600 on first start; back it up with the database (see Security); every node of one PostgreSQL database needs the same file",
                shownDefault: "`<database path>.secret` (`./homeward.secret` on PostgreSQL)", show: { _ in "" }) { $0 },
        .value("database-readers", \.databaseReaderCount, "Read-only database connections (SQLite)", check: .atLeast(1)),
        .value("database-connections", \.databaseConnections,
               "PostgreSQL connections this node opens at most (every node counts against the server's `max_connections`, 100 by default)",
               check: .from(1...1000)),
        .value("retention-days", \.retentionDays, "Days of location and motion history kept; 0 keeps all", check: .notNegative),
        .value("retention-interval-seconds", \.retentionIntervalSeconds, "Seconds between retention sweeps", check: .atLeast(1)),
        .value("max-import-upload-bytes", \.maxImportUploadBytes,
               "Bytes a history file uploaded to `POST /v1/accounts/{id}/imports` may have at most, as sent; more gets 413 (see docs/imports.md)",
               defaultNote: "4 GiB", check: .atLeast(1)),
        .value("max-running-imports-per-account", \.maxRunningImportsPerAccount,
               "History imports running (or uploading) at once for one person; more gets 409", check: .atLeast(1)),
        .value("max-running-imports", \.maxRunningImports,
               "History imports running (or uploading) at once on this server; more gets 503 with Retry-After", check: .atLeast(1)),
        .parsed("import-upload-directory", \.importUploadDirectory,
                "Directory where uploaded history files are kept while they are imported (it needs room for the largest upload)",
                shownDefault: "the system's temporary directory (`TMPDIR`, else `/tmp`)", show: { _ in "" }) { $0.isEmpty ? nil : $0 },
    ]

    /// Sessions, verification codes, password hashing and failed-attempt limits.
    static let accounts: [ServerSetting] = [
        .value("session-lifetime-seconds", \.sessionLifetimeSeconds,
               "Seconds a session token lives without use; each use slides it", defaultNote: "30 days", check: .atLeast(60)),
        .value("default-country", \.defaultCountry,
               "ISO code (e.g. `GB`) whose phone numbers may be typed the local way (`020 7946 0958`) when the browser names no country (`country` in registration, login and link requests); without either, numbers start with `+`",
               defaultNote: "empty: none",
               check: .that("must be an ISO country code Homeward knows the phone numbers of, e.g. GB") { code, _ in
                   code.isEmpty || CallingCountry(isoCode: code) != nil
               }),
        .value("verification-code-lifetime-seconds", \.verificationCodeLifetimeSeconds,
               "Seconds a verification code lives unless set otherwise",
               check: .between(LinkService.minCodeLifetimeSeconds...LinkService.maxCodeLifetimeSeconds)),
        .value("max-links-per-code", \.maxLinksPerChosenCode,
               "Guardians who can link with one code the person chose; a code the server draws links one",
               check: .between(LinkService.maxLinksPerChosenCodeRange)),
        .value("password-hash-iterations", \.passwordHashIterations, "argon2id iterations", check: .atLeast(1)),
        .value("password-hash-memory-bytes", \.passwordHashMemoryBytes, "argon2id memory in bytes",
               defaultNote: "19 MiB", check: .atLeast(8_192)),
        .value("max-concurrent-password-hashes", \.maxConcurrentPasswordHashes,
               "Password hashes computed at once at most", check: .atLeast(1)),
        .value("max-failed-attempts", \.maxFailedAttempts,
               "Wrong passwords allowed against one account from one client address, and wrong verification codes against one account, within the window; more get 429",
               check: .atLeast(1)),
        .value("failed-attempt-window-seconds", \.failedAttemptWindowSeconds,
               "Seconds of the failed-attempt window", defaultNote: "15 minutes", check: .atLeast(1)),
        .value("basic-credential-cache-seconds", \.basicCredentialCacheSeconds,
               "Seconds a successful HTTP Basic login of a tracking client is remembered"),
    ]

    /// How fixes are judged as they arrive.
    static let ingest: [ServerSetting] = [
        .value("poor-accuracy-metres", \.poorAccuracyMetres,
               "Fixes with a horizontal accuracy worse than this many metres are stored but flagged"),
        .value("max-plausible-speed-metres-per-second", \.maxPlausibleSpeedMetresPerSecond,
               "A fix implying a faster move (metres per second) from the previous reliable fix is flagged as a jump"),
    ]
}
