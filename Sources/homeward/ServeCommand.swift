import ArgumentParser
import Foundation
import Homeward
import HomewardHTTP

/// `homeward serve`: runs the HTTP server until SIGTERM or SIGINT.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API (migrating the database first)."
    )

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Address to listen on (env HOMEWARD_HOST, default 127.0.0.1).")
    var host: String?
    @Option(help: "TCP port to listen on; 0 picks a free one (env HOMEWARD_PORT, default 8080).")
    var port: Int?
    @Option(help: "I/O event-loop threads (env HOMEWARD_EVENT_LOOPS, default: one per core).")
    var eventLoops: Int?
    @Option(help: "Worker threads for handlers that touch the database (env HOMEWARD_WORKERS, default 2 per core + 2).")
    var workers: Int?
    @Option(help: "Open connections at most (env HOMEWARD_MAX_CONNECTIONS, default 16384).")
    var maxConnections: Int?
    @Option(help: "Bytes of a request line at most; longer gets 414 (env HOMEWARD_MAX_REQUEST_LINE_BYTES, default 8192).")
    var maxRequestLineBytes: Int?
    @Option(help: "Bytes of all header fields at most; more gets 431 (env HOMEWARD_MAX_HEADER_BYTES, default 16384).")
    var maxHeaderBytes: Int?
    @Option(help: "Header fields at most; more gets 431 (env HOMEWARD_MAX_HEADER_COUNT, default 100).")
    var maxHeaderCount: Int?
    @Option(help: "Bytes of a request body at most, as sent; more gets 413 (env HOMEWARD_MAX_BODY_BYTES, default 1048576).")
    var maxBodyBytes: Int?
    @Option(help: "Bytes of a gzip request body at most once decoded; more gets 413 (env HOMEWARD_MAX_DECODED_BODY_BYTES, default 8388608).")
    var maxDecodedBodyBytes: Int?
    @Option(help: "Seconds for a request head to arrive; slower gets 408 (env HOMEWARD_HEADER_READ_TIMEOUT_SECONDS, default 10).")
    var headerReadTimeoutSeconds: Double?
    @Option(help: "Seconds for a request body to arrive (env HOMEWARD_BODY_READ_TIMEOUT_SECONDS, default 30).")
    var bodyReadTimeoutSeconds: Double?
    @Option(help: "Seconds an idle keep-alive connection stays open (env HOMEWARD_IDLE_TIMEOUT_SECONDS, default 60).")
    var idleTimeoutSeconds: Double?
    @Option(help: "Seconds a client may take to read a response (env HOMEWARD_WRITE_TIMEOUT_SECONDS, default 30).")
    var writeTimeoutSeconds: Double?
    @Option(help: "Seconds in-flight requests get to finish at shutdown (env HOMEWARD_SHUTDOWN_GRACE_SECONDS, default 10).")
    var shutdownGraceSeconds: Double?
    @Option(help: "Read-only database connections (env HOMEWARD_DATABASE_READERS, default 4).")
    var databaseReaders: Int?
    @Option(help: "Seconds a session token lives without use; each use slides it (env HOMEWARD_SESSION_LIFETIME_SECONDS, default 2592000 = 30 days).")
    var sessionLifetimeSeconds: Int?
    @Option(help: "Seconds a verification code lives unless set otherwise (env HOMEWARD_VERIFICATION_CODE_LIFETIME_SECONDS, default 86400).")
    var verificationCodeLifetimeSeconds: Int?
    @Option(help: "argon2id iterations (env HOMEWARD_PASSWORD_HASH_ITERATIONS, default 2).")
    var passwordHashIterations: Int?
    @Option(help: "argon2id memory in bytes (env HOMEWARD_PASSWORD_HASH_MEMORY_BYTES, default 19922944 = 19 MiB).")
    var passwordHashMemoryBytes: Int?
    @Option(help: "Password hashes computed at once at most (env HOMEWARD_MAX_CONCURRENT_PASSWORD_HASHES, default 2).")
    var maxConcurrentPasswordHashes: Int?
    @Option(help: "Failed attempts (logins, passwords, verification codes) allowed against one account within the window; more get 429 (env HOMEWARD_MAX_FAILED_ATTEMPTS, default 5).")
    var maxFailedAttempts: Int?
    @Option(help: "Seconds of the failed-attempt window (env HOMEWARD_FAILED_ATTEMPT_WINDOW_SECONDS, default 900 = 15 minutes).")
    var failedAttemptWindowSeconds: Int?
    @Option(help: "Days of location and motion history kept; 0 keeps all (env HOMEWARD_RETENTION_DAYS, default 0).")
    var retentionDays: Int?

    func run() throws {
        var configuration = try makeConfiguration()
        try database.apply(to: &configuration)
        let logger = database.makeLogger(configuration)
        // Block the stop signals in every thread; this one waits for them with sigwait.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        signal(SIGPIPE, SIG_IGN)

        let app = try HomewardApp(configuration: configuration, logger: logger)
        let server = try app.start()
        var received: Int32 = 0
        sigwait(&signals, &received)
        logger.info("stopping", metadata: ["signal": "\(received)"])
        server.shutdown()
        server.waitUntilStopped()
        try app.close()
        logger.info("stopped")
    }

    private func makeConfiguration() throws -> AppConfiguration {
        var c = AppConfiguration()
        c.host = try EnvironmentDefault.resolve(host, "HOMEWARD_HOST", c.host)
        c.port = try EnvironmentDefault.resolve(port, "HOMEWARD_PORT", c.port)
        c.http.eventLoopCount = try EnvironmentDefault.resolve(eventLoops, "HOMEWARD_EVENT_LOOPS", c.http.eventLoopCount)
        c.http.workerCount = try EnvironmentDefault.resolve(workers, "HOMEWARD_WORKERS", c.http.workerCount)
        c.http.maxConnections = try EnvironmentDefault.resolve(maxConnections, "HOMEWARD_MAX_CONNECTIONS", c.http.maxConnections)
        c.http.maxRequestLineBytes = try EnvironmentDefault.resolve(maxRequestLineBytes, "HOMEWARD_MAX_REQUEST_LINE_BYTES", c.http.maxRequestLineBytes)
        c.http.maxHeaderBytes = try EnvironmentDefault.resolve(maxHeaderBytes, "HOMEWARD_MAX_HEADER_BYTES", c.http.maxHeaderBytes)
        c.http.maxHeaderCount = try EnvironmentDefault.resolve(maxHeaderCount, "HOMEWARD_MAX_HEADER_COUNT", c.http.maxHeaderCount)
        c.http.maxBodyBytes = try EnvironmentDefault.resolve(maxBodyBytes, "HOMEWARD_MAX_BODY_BYTES", c.http.maxBodyBytes)
        c.http.maxDecodedBodyBytes = try EnvironmentDefault.resolve(maxDecodedBodyBytes, "HOMEWARD_MAX_DECODED_BODY_BYTES", c.http.maxDecodedBodyBytes)
        c.http.headerReadTimeoutSeconds = try EnvironmentDefault.resolve(headerReadTimeoutSeconds, "HOMEWARD_HEADER_READ_TIMEOUT_SECONDS", c.http.headerReadTimeoutSeconds)
        c.http.bodyReadTimeoutSeconds = try EnvironmentDefault.resolve(bodyReadTimeoutSeconds, "HOMEWARD_BODY_READ_TIMEOUT_SECONDS", c.http.bodyReadTimeoutSeconds)
        c.http.idleTimeoutSeconds = try EnvironmentDefault.resolve(idleTimeoutSeconds, "HOMEWARD_IDLE_TIMEOUT_SECONDS", c.http.idleTimeoutSeconds)
        c.http.writeTimeoutSeconds = try EnvironmentDefault.resolve(writeTimeoutSeconds, "HOMEWARD_WRITE_TIMEOUT_SECONDS", c.http.writeTimeoutSeconds)
        c.http.shutdownGracePeriodSeconds = try EnvironmentDefault.resolve(shutdownGraceSeconds, "HOMEWARD_SHUTDOWN_GRACE_SECONDS", c.http.shutdownGracePeriodSeconds)
        c.databaseReaderCount = try EnvironmentDefault.resolve(databaseReaders, "HOMEWARD_DATABASE_READERS", c.databaseReaderCount)
        c.sessionLifetimeSeconds = try EnvironmentDefault.resolve(sessionLifetimeSeconds, "HOMEWARD_SESSION_LIFETIME_SECONDS", c.sessionLifetimeSeconds)
        c.verificationCodeLifetimeSeconds = try EnvironmentDefault.resolve(verificationCodeLifetimeSeconds, "HOMEWARD_VERIFICATION_CODE_LIFETIME_SECONDS", c.verificationCodeLifetimeSeconds)
        c.passwordHashIterations = try EnvironmentDefault.resolve(passwordHashIterations, "HOMEWARD_PASSWORD_HASH_ITERATIONS", c.passwordHashIterations)
        c.passwordHashMemoryBytes = try EnvironmentDefault.resolve(passwordHashMemoryBytes, "HOMEWARD_PASSWORD_HASH_MEMORY_BYTES", c.passwordHashMemoryBytes)
        c.maxConcurrentPasswordHashes = try EnvironmentDefault.resolve(maxConcurrentPasswordHashes, "HOMEWARD_MAX_CONCURRENT_PASSWORD_HASHES", c.maxConcurrentPasswordHashes)
        c.maxFailedAttempts = try EnvironmentDefault.resolve(maxFailedAttempts, "HOMEWARD_MAX_FAILED_ATTEMPTS", c.maxFailedAttempts)
        c.failedAttemptWindowSeconds = try EnvironmentDefault.resolve(failedAttemptWindowSeconds, "HOMEWARD_FAILED_ATTEMPT_WINDOW_SECONDS", c.failedAttemptWindowSeconds)
        c.retentionDays = try EnvironmentDefault.resolve(retentionDays, "HOMEWARD_RETENTION_DAYS", c.retentionDays)
        return c
    }
}
