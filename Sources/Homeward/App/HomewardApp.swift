import HomewardHTTP
import HomewardStore
import Logging

/// The application: the database, the shared services, the routes of every feature and the HTTP
/// server, put together from one `AppConfiguration`.
public final class HomewardApp: Sendable {
    /// The settings the app was started with.
    public let configuration: AppConfiguration
    /// The database: one group-committing writer, a pool of readers.
    public let database: DatabasePool
    /// The source of the current time.
    public let clock: any WallClock
    /// argon2id hashing, bounded in concurrency.
    public let passwordHasher: PasswordHasher
    /// Failed-attempt limits shared by logins, verification codes and trip access codes.
    public let rateLimiter: RateLimiter
    /// Heartbeats of accounts.
    public let presence: Presence
    /// Checks bearer tokens.
    public let authenticator: Authenticator
    /// Decides who may see what.
    public let accessPolicy: AccessPolicy
    /// Live events for streams and webhooks.
    public let events = EventBus()
    /// Application counters.
    public let metrics: AppMetrics
    /// HTTP counters and latency histogram.
    public let httpMetrics = HTTPMetrics()
    /// Database liveness for `/healthz`.
    public let health: HealthMonitor
    /// Alerts: raising, resolving, webhooks outbox.
    public let alerts: AlertCenter
    /// What the geo reactions conclude about each person, for the guardian views.
    public let statusBoard = PersonStatusBoard()
    /// Real-time reactions to fresh location fixes, called by ingest.
    public let locationObservers: [any LocationObserver]
    /// The app's logger.
    public let logger: Logger

    /// Opens (or creates) the database, applies pending migrations and builds the services.
    public init(configuration: AppConfiguration, clock: any WallClock = SystemClock(), logger: Logger) throws {
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
        var databaseConfiguration = DatabaseConfiguration()
        databaseConfiguration.maxReaderCount = configuration.databaseReaderCount
        database = try DatabasePool(path: configuration.databasePath, configuration: databaseConfiguration)
        let applied = try Migrator(Schema.migrations).migrate(database)
        for migration in applied {
            logger.info("applied migration", metadata: ["migration": "\(migration.name)"])
        }
        passwordHasher = try PasswordHasher(
            configuration: PasswordHashingConfiguration(
                iterations: UInt64(configuration.passwordHashIterations),
                memoryBytes: configuration.passwordHashMemoryBytes,
                maxConcurrentHashes: configuration.maxConcurrentPasswordHashes
            )
        )
        rateLimiter = RateLimiter(clock: clock)
        presence = Presence()
        authenticator = Authenticator(
            database: database, clock: clock, presence: presence,
            sessionLifetimeSeconds: configuration.sessionLifetimeSeconds
        )
        health = HealthMonitor(database: database)
        let accessPolicy = AccessPolicy()
        let metrics = AppMetrics()
        self.accessPolicy = accessPolicy
        self.metrics = metrics
        alerts = AlertCenter(accessPolicy: accessPolicy, metrics: metrics)
        locationObservers = []
    }

    /// The routes of every feature.
    public func makeRouter() -> Router {
        var router = Router()
        registerServiceRoutes(on: &router, app: self)
        registerAccountRoutes(on: &router, app: self)
        registerLinkRoutes(on: &router, app: self)
        return router
    }

    /// Starts background work and the HTTP server; returns the running server.
    public func start() throws -> HTTPServer {
        health.start()
        var http = configuration.http
        http.host = configuration.host
        http.port = configuration.port
        let server = HTTPServer(configuration: http, router: makeRouter(), metrics: httpMetrics, logger: logger)
        try server.start()
        return server
    }

    /// Stops background work and closes the database after the server has stopped.
    public func close() throws {
        health.stop()
        try database.close()
    }
}
