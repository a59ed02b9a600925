import HomewardHTTP
import Logging

/// Every setting of a Homeward server, with its default. The executable fills it from flags and
/// `HOMEWARD_*` environment variables; tests build it directly.
public struct AppConfiguration: Sendable {
    /// Address to listen on.
    public var host = "127.0.0.1"
    /// TCP port; 0 picks a free one (tests).
    public var port = 8080
    /// Path of the SQLite database file, created on first start.
    public var databasePath = "./homeward.sqlite"
    /// Minimum level of log lines.
    public var logLevel: Logger.Level = .info
    /// Limits and timeouts of the HTTP server.
    public var http = HTTPServerConfiguration()
    /// Read-only SQLite connections serving GET requests.
    public var databaseReaderCount = 4

    /// How long a session token lives without use; each use slides it.
    public var sessionLifetimeSeconds = 30 * 24 * 3600
    /// How long a verification code lives unless the dependent says otherwise.
    public var verificationCodeLifetimeSeconds = 24 * 3600
    /// argon2id iterations (libsodium's opslimit).
    public var passwordHashIterations = 2
    /// argon2id memory limit in bytes.
    public var passwordHashMemoryBytes = 19 * 1024 * 1024
    /// Password hashes computed at once at most; more wait, so a login burst cannot exhaust memory.
    public var maxConcurrentPasswordHashes = 2

    /// Failed attempts (logins, codes) allowed against one key within the window.
    public var maxFailedAttempts = 5
    /// Window of the failed-attempt limit.
    public var failedAttemptWindowSeconds = 15 * 60

    /// Days of location and motion history kept; 0 keeps everything.
    public var retentionDays = 0
    /// How often the server applies `retentionDays`.
    public var retentionIntervalSeconds = 24 * 3600

    /// Fixes with a horizontal accuracy worse than this are stored but flagged and ignored by detectors.
    public var poorAccuracyMetres = 100.0
    /// A fix implying a faster move than this from the previous reliable fix is flagged as a jump.
    public var maxPlausibleSpeedMetresPerSecond = 85.0
    /// How long a successful HTTP Basic login of a tracking client is remembered (by the SHA-256 of
    /// the header), so a phone posting every few seconds does not cost a password hash each time.
    public var basicCredentialCacheSeconds = 5 * 60

    /// The address clients reach the server at (e.g. `https://homeward.example.org`), put in front of
    /// share links; empty gives links relative to the server.
    public var publicBaseURL = ""

    /// Creates the defaults.
    public init() {}
}
