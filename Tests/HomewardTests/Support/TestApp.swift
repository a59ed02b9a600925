import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import Logging

/// A Homeward app on a fresh temporary database with fast password hashing and a manual clock,
/// plus helpers that seed accounts, sessions and links directly, so each feature's tests stand
/// on their own.
final class TestApp {
    /// An account the test created, with a valid bearer token.
    struct Account {
        let key: AccountKey
        let id: String
        let phone: String
        let name: String
        let password: String
        let token: String

        /// `Authorization: Bearer <token>` (plus `Content-Type: application/json`).
        var auth: HTTPHeaders {
            ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        }
    }

    let app: HomewardApp
    let clock: ManualClock
    let directory: URL
    private var nextPhone = 1

    /// Creates the app; `configure` may change settings first.
    init(configure: (inout AppConfiguration) -> Void = { _ in }) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("homeward-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = AppConfiguration()
        configuration.databasePath = try TestDatabase.fresh(in: directory)
        if TestDatabase.isPostgreSQL {
            // Nothing beside a PostgreSQL database: the test's own directory, not the working one.
            configuration.secretFilePath = directory.appendingPathComponent("homeward.secret").path
            configuration.vapidKeyFilePath = directory.appendingPathComponent("homeward.vapid").path
        }
        configuration.port = 0
        configuration.passwordHashIterations = 1
        configuration.passwordHashMemoryBytes = 8192
        configure(&configuration)
        clock = ManualClock(startingAt: Self.clockStart())
        app = try HomewardApp(
            configuration: configuration, clock: clock,
            logger: TestDatabase.logger
        )
    }

    /// Where each test's clock starts: now, or the moment `HOMEWARD_TEST_CLOCK_START` names (an ISO 8601
    /// time, e.g. `2027-03-28T00:59:50Z`), so that the suite can be run as if at a midnight, a new
    /// year's eve or a daylight-saving change, and a test that holds only at some hours shows itself
    /// (docs/development.md). Name a moment later than today: some tests post on fixed dates of
    /// November 2026, and the admin views count minutes by the database's own clock.
    static func clockStart() -> Timestamp {
        var start = Date()
        if let text = ProcessInfo.processInfo.environment["HOMEWARD_TEST_CLOCK_START"], !text.isEmpty {
            guard let named = ISO8601DateFormatter().date(from: text) else {
                fatalError("HOMEWARD_TEST_CLOCK_START is not an ISO 8601 time: \(text)")
            }
            start = named
        }
        return Timestamp(unixMilliseconds: Int64(start.timeIntervalSince1970 * 1000))
    }

    /// Sets the clock to noon (UTC) of the day it reads, for a story about "today" (steps, motion)
    /// that looks back or waits a little and must not cross a midnight whatever the hour it runs at.
    func setClockToNoon() {
        let dayMilliseconds: Int64 = 86_400_000
        let day = clock.now().unixMilliseconds / dayMilliseconds
        clock.set(to: Timestamp(unixMilliseconds: day * dayMilliseconds + dayMilliseconds / 2))
    }

    deinit {
        try? app.close()
        TestDatabase.drop(app.configuration.databasePath)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `body` with a client: through the router in process by default (fast, no sockets); `.live`
    /// starts the real server on a loopback port, for what only a socket shows (streams, keep-alive,
    /// peer addresses, deferred answers from other threads).
    func withClient<T>(_ mode: HTTPTestMode = .inProcess, _ body: (HTTPTestClient) throws -> T) throws -> T {
        var http = HTTPServerConfiguration.testing
        http.maxBodyBytes = app.configuration.http.maxBodyBytes
        http.maxDecodedBodyBytes = app.configuration.http.maxDecodedBodyBytes
        http.trustedProxies = app.configuration.http.trustedProxies
        return try HTTPTestClient.withServer(app.makeRouter(), mode: mode, configuration: http, body)
    }

    /// A second node on this app's database and clock (several nodes share a PostgreSQL database);
    /// the caller closes it.
    func makeOtherNode() throws -> HomewardApp {
        try HomewardApp(configuration: app.configuration, clock: clock, logger: TestDatabase.logger)
    }

    /// Creates an account with a session, directly in the database.
    func makeAccount(name: String = "Test Person", password: String = "Correct-Horse-9") throws -> Account {
        let phone = "+4470000\(String(format: "%05d", nextPhone))"
        nextPhone += 1
        let id = SecureRandom.identifier()
        let token = SecureRandom.token()
        let now = clock.now().unixMilliseconds
        let hash = try app.passwordHasher.hash(password)
        let key: AccountKey = try app.database.write { db in
            let key: AccountKey = try db.fetchOne(
                """
                INSERT INTO accounts (id, phone, name, password_hash, created_at_ms, updated_at_ms)
                VALUES (?, ?, ?, ?, ?, ?) RETURNING key
                """,
                [id, phone, name, hash, now, now]
            ) ?? 0
            try db.execute(
                """
                INSERT INTO sessions (id, account_key, token_sha256, device_name, created_at_ms, last_used_at_ms, expires_at_ms)
                VALUES (?, ?, ?, 'test', ?, ?, ?)
                """,
                SecureRandom.identifier(), key, app.secrets.digest(token), now, now,
                now + Int64(app.configuration.sessionLifetimeSeconds) * 1000
            )
            return key
        }
        return Account(key: key, id: id, phone: phone, name: name, password: password, token: token)
    }

    /// Makes `guardian` a guardian of `dependent`, directly in the database.
    func link(guardian: Account, dependent: Account) throws {
        let now = clock.now().unixMilliseconds
        try app.database.write { db in
            try db.execute(
                "INSERT INTO links (id, guardian_key, dependent_key, created_at_ms) VALUES (?, ?, ?, ?)",
                SecureRandom.identifier(), guardian.key, dependent.key, now
            )
        }
    }
}
