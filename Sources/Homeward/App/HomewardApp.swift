import HomewardHTTP
import HomewardPostgres
import HomewardStore
import Logging

/// The application: the database, the shared services, the routes of every feature and the HTTP
/// server, put together from one `AppConfiguration`.
public final class HomewardApp: Sendable {
    /// The settings the app was started with.
    public let configuration: AppConfiguration
    /// The database: an SQLite file (one group-committing writer, a pool of readers) or a
    /// PostgreSQL database (a pool of connections); nothing else in the app knows which.
    public let database: any DatabaseWriter
    /// The source of the current time.
    public let clock: any WallClock
    /// Keyed digests of codes, tokens and keys, under the server secret.
    public let secrets: SecretHasher
    /// Reads phone numbers typed the international way, or the local way in a request's or the
    /// server's default country.
    public let phoneNumbers: PhoneNumberReader
    /// argon2id hashing, bounded in concurrency.
    public let passwordHasher: PasswordHasher
    /// Failed-attempt limits shared by logins, verification codes and trip access codes.
    public let rateLimiter: RateLimiter
    /// The failed-login limits every password check shares.
    public let loginLimits: LoginLimits
    /// Heartbeats of accounts.
    public let presence: Presence
    /// Checks bearer tokens.
    public let authenticator: Authenticator
    /// Decides who may see what.
    public let accessPolicy: AccessPolicy
    /// Live events for streams and webhooks.
    public let events: EventBus
    /// Application counters.
    public let metrics: AppMetrics
    /// HTTP counters and latency histogram.
    public let httpMetrics = HTTPMetrics()
    /// Database liveness for `/healthz`.
    public let health: HealthMonitor
    /// Alerts: raising, resolving, webhooks outbox.
    public let alerts: AlertCenter
    /// What the geo reactions conclude about each person, for the guardian views.
    public let statusBoard: PersonStatusBoard
    /// Trips: creation, companions, workflow, progress and their alerts.
    public let trips: TripService
    /// Real-time reactions to fresh location fixes, called by ingest.
    public let locationObservers: [any LocationObserver]
    /// Safe zones, wandering and battery: the geo trackers of every person and the alerts they raise.
    public let zoneObserver: ZoneObserver
    /// Fires pending countdowns at their time.
    public let countdowns: CountdownScheduler
    /// How often each person's phone reports: fine, quiet or silent (`status.reporting`, `silent`).
    public let reporting: ReportingObserver
    /// The clock-driven alert rules (`silent`, "there by" deadlines).
    public let alertMonitor: AlertMonitor
    /// Sends every request the server makes itself (webhooks, notification services).
    public let outgoingClient: OutgoingHTTPClient
    /// Sends a notification on a guardian's channel (ntfy, Gotify, Telegram, email, Web Push).
    public let channelDelivery: ChannelDelivery
    /// Delivers the alert outbox: webhooks and channels.
    public let deliveryWorker: AlertDeliveryWorker
    /// Escalates alerts nobody acknowledged in time.
    public let escalations: EscalationScheduler
    /// Fills in the weather of episodes stored without conditions (`--weather-url`).
    public let weatherFiller: WeatherFiller
    /// The open `GET /v1/events` streams; told at once when access is taken back (`LiveAccess`).
    public let eventStreams: EventStreamHub
    /// Where changes of access are told: this node's streams, and on PostgreSQL every node's.
    public let liveAccess: any LiveAccess
    /// On PostgreSQL, the events and changes of access exchanged with the other nodes.
    let clusterRelay: ClusterEventRelay?
    /// The limits of those streams.
    let eventStreamLimits: EventStreamLimits
    /// What the alert endpoints do.
    public let alertService: AlertService
    /// The app's logger.
    public let logger: Logger
    private let tripTimer: TripTimer
    /// Everything kept in memory about accounts, emptied of an account when it is deleted.
    public let accountMemories: [any AccountMemory]
    /// Applies `retentionDays` while the server runs.
    public let retention: RetentionSweeper
    /// Imports of history files uploaded over the API.
    public let imports: ImportJobs
    /// Stores, lists and undoes imports.
    private let importService: ImportService

    /// Opens (or creates) the database, applies pending migrations and builds the services.
    public init(configuration: AppConfiguration, clock: any WallClock = SystemClock(), logger: Logger) throws {
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
        database = try Self.openDatabase(configuration, logger: logger)
        let secrets = try Self.secretHasher(configuration: configuration, database: database, clock: clock)
        self.secrets = secrets
        phoneNumbers = PhoneNumberReader(defaultCountry: CallingCountry(isoCode: configuration.defaultCountry))
        passwordHasher = try PasswordHasher(
            configuration: PasswordHashingConfiguration(
                iterations: UInt64(configuration.passwordHashIterations),
                memoryBytes: configuration.passwordHashMemoryBytes,
                maxConcurrentHashes: configuration.maxConcurrentPasswordHashes
            )
        )
        rateLimiter = RateLimiter(clock: clock)
        presence = Presence()
        let loginLimits = LoginLimits(
            rateLimiter: rateLimiter, maxFailuresPerPhone: configuration.maxFailedAttempts,
            windowSeconds: configuration.failedAttemptWindowSeconds
        )
        self.loginLimits = loginLimits
        authenticator = Authenticator(
            database: database, clock: clock, presence: presence, secrets: secrets,
            sessionLifetimeSeconds: configuration.sessionLifetimeSeconds, passwordHasher: passwordHasher,
            loginLimits: loginLimits, basicCredentialCacheSeconds: configuration.basicCredentialCacheSeconds
        )
        health = HealthMonitor(database: database)
        let accessPolicy = AccessPolicy()
        let metrics = AppMetrics()
        self.accessPolicy = accessPolicy
        self.metrics = metrics
        let alerts = AlertCenter(
            outbox: NotificationOutbox(accessPolicy: accessPolicy, publicBaseURL: configuration.publicBaseURL), metrics: metrics,
            escalationMaxSteps: configuration.escalationMaxSteps)
        self.alerts = alerts
        let events = EventBus()
        self.events = events
        let statusBoard = PersonStatusBoard()
        self.statusBoard = statusBoard
        let database = self.database
        let presence = self.presence
        zoneObserver = ZoneObserver(
            alerts: alerts, statusBoard: statusBoard,
            settings: ZoneObserverSettings(
                maxTrackedPeople: configuration.maxTrackedPeople, routineHistoryDays: configuration.routineHistoryDays,
                routineHistoryMaxFixes: configuration.routineHistoryMaxFixes,
                trackerRecallMinutes: configuration.trackerRecallMinutes, trackerRecallMaxFixes: configuration.trackerRecallMaxFixes,
                maxLearnedPlaces: configuration.maxLearnedPlaces,
                falseAlarmMaxTuningSteps: configuration.falseAlarmMaxTuningSteps,
                unaccompaniedGuardianFixMaxAgeSeconds: configuration.unaccompaniedGuardianFixMaxAgeSeconds,
                lowBatteryPercent: configuration.lowBatteryPercent, lowBatteryRecoveryPercent: configuration.lowBatteryRecoveryPercent,
                sharesPeopleWithOtherNodes: configuration.postgresURL != nil),
            accessPolicy: accessPolicy, trackerConfiguration: configuration.trackerConfiguration)
        let tripMonitor = TripMonitor(
            configuration: TripConfiguration(
                overdueMarginSeconds: configuration.tripOverdueMarginSeconds,
                stalledAfterSeconds: configuration.tripStalledAfterSeconds,
                timerIntervalSeconds: configuration.tripTimerIntervalSeconds
            ),
            database: database, clock: clock, alerts: alerts, events: events
        )
        let eventStreamLimits = EventStreamLimits(
            heartbeatSeconds: configuration.eventHeartbeatSeconds, retentionSeconds: configuration.eventRetentionSeconds,
            bufferCapacity: configuration.eventBufferCapacity, maxStreamsPerAccount: configuration.maxEventStreamsPerAccount)
        self.eventStreamLimits = eventStreamLimits
        let eventStreams = EventStreamHub(
            database: database, accessPolicy: accessPolicy, clock: clock, limits: eventStreamLimits, logger: logger)
        self.eventStreams = eventStreams
        let clusterRelay = configuration.postgresURL.map { ClusterEventRelay(url: $0, logger: logger) }
        self.clusterRelay = clusterRelay
        let liveAccess: any LiveAccess = clusterRelay.map { ClusterLiveAccess(local: eventStreams, relay: $0) } ?? eventStreams
        self.liveAccess = liveAccess
        trips = TripService(
            monitor: tripMonitor, database: database, clock: clock, accessPolicy: accessPolicy,
            rateLimiter: rateLimiter, secrets: secrets, events: events, liveAccess: liveAccess
        )
        tripTimer = TripTimer(monitor: tripMonitor, logger: logger)
        let reporting = ReportingObserver(settings: ReportingSettings(
            silentAfterSeconds: configuration.silentAfterSeconds, silentMaxAfterSeconds: configuration.silentMaxAfterSeconds,
            historyHours: configuration.reportingHistoryHours, historyMaxFixes: configuration.reportingHistoryMaxFixes,
            maxTrackedPeople: configuration.maxTrackedPeople))
        self.reporting = reporting
        locationObservers = [zoneObserver, tripMonitor, reporting]
        countdowns = CountdownScheduler(
            database: database, alerts: alerts, events: events, clock: clock, logger: logger,
            resyncSeconds: configuration.postgresURL == nil ? nil : CountdownScheduler.clusterResyncSeconds)
        alertMonitor = AlertMonitor(
            database: database, alerts: alerts, zones: zoneObserver, reporting: reporting, presence: presence, events: events,
            clock: clock, intervalSeconds: configuration.monitorIntervalSeconds, logger: logger)
        var outgoing = OutgoingHTTPClient.Configuration()
        outgoing.timeoutSeconds = configuration.webhookTimeoutSeconds
        outgoing.maxConcurrentPerDestination = configuration.outgoingMaxConcurrentPerDestination
        outgoing.maxConcurrentTransfers = configuration.outgoingMaxConcurrentTransfers
        outgoing.caFilePath = configuration.outgoingCAFilePath
        let outgoingClient = OutgoingHTTPClient(
            configuration: outgoing, policy: OutgoingAddressPolicy(allowedHosts: configuration.outgoingAllowHosts))
        self.outgoingClient = outgoingClient
        let vapidKeys = try VAPIDKeys.loadOrCreate(
            path: configuration.vapidKeyFilePath ?? VAPIDKeys.defaultPath(besideDatabase: configuration.besideDatabasePath))
        let channelDelivery = ChannelDelivery(
            client: outgoingClient, telegramAPIURL: configuration.telegramAPIURL,
            webPush: ChannelDelivery.WebPushSettings(keys: vapidKeys, subject: configuration.effectiveVAPIDSubject),
            smtpServer: configuration.smtpServer, clock: clock, logger: logger)
        self.channelDelivery = channelDelivery
        let deliveryWorker = AlertDeliveryWorker(
            database: database, client: outgoingClient, channels: channelDelivery, clock: clock,
            retryPolicy: DeliveryRetryPolicy(
                firstRetrySeconds: configuration.webhookFirstRetrySeconds, maxRetrySeconds: configuration.webhookMaxRetrySeconds,
                giveUpSeconds: configuration.webhookGiveUpSeconds),
            logger: logger)
        self.deliveryWorker = deliveryWorker
        let escalations = EscalationScheduler(database: database, alerts: alerts, events: events, clock: clock, logger: logger)
        self.escalations = escalations
        weatherFiller = WeatherFiller(
            database: database, client: outgoingClient, clock: clock,
            settings: WeatherSettings(
                forecastURL: configuration.weatherURL, archiveURL: configuration.weatherArchiveURL,
                cacheEntries: configuration.weatherCacheEntries, maxAttempts: configuration.weatherMaxAttempts,
                firstRetrySeconds: configuration.weatherFirstRetrySeconds, lookbackDays: configuration.weatherLookbackDays),
            logger: logger)
        alertService = AlertService(
            database: database, center: alerts, accessPolicy: accessPolicy, events: events, clock: clock,
            scheduler: countdowns,
            countdowns: CountdownLimits(
                minSeconds: configuration.countdownMinSeconds, maxSeconds: configuration.countdownMaxSeconds,
                defaultSeconds: configuration.countdownDefaultSeconds))
        events.subscribe { event in eventStreams.publish(event) }
        events.subscribe { event in
            if event.kind == .alert {
                deliveryWorker.wake()
                escalations.wake()
            }
        }
        if let clusterRelay {
            events.subscribe { event in clusterRelay.send(.event(RelayedEvent(event))) }
        }
        accountMemories = [authenticator, presence, statusBoard, zoneObserver, tripMonitor, reporting, eventStreams]
        var importSettings = ImportSettings(configuration)
        importSettings.batchFixes = ImportLimits.batchFixes
        let importService = ImportService(database: database, clock: clock, zoneObserver: zoneObserver, settings: importSettings)
        self.importService = importService
        imports = ImportJobs(service: importService, limits: ImportLimits(configuration), events: events, logger: logger)
        if configuration.postgresURL == nil {
            // One server per SQLite file: an import still running in the database was cut short by a stop.
            let interrupted = try importService.failInterrupted()
            if interrupted > 0 { logger.warning("imports cut short by a stop were taken out", metadata: ["imports": "\(interrupted)"]) }
        }
        retention = RetentionSweeper(
            pruner: HistoryPruner(database: database), clock: clock, retentionDays: configuration.retentionDays,
            intervalSeconds: configuration.retentionIntervalSeconds, logger: logger
        )
    }

    /// What another node told this one: its events go to this node's streams and wake the workers
    /// that deliver and escalate alerts, as this node's own events do (not through `events`, so
    /// nothing is relayed back); its changes of access reach the streams and the remembered sessions.
    private func receive(_ message: ClusterMessage) {
        switch message {
        case .event(let relayed):
            guard let event = relayed.appEvent else { return }
            eventStreams.publish(event)
            if event.kind == .alert {
                deliveryWorker.wake()
                escalations.wake()
            }
        case .guardianshipEnded(let person, let guardian):
            eventStreams.guardianshipEnded(of: person, by: guardian)
        case .tripEnded(let tripID, let traveller):
            eventStreams.tripEnded(tripID, of: traveller)
        case .sessionsEnded(let account, let kept):
            eventStreams.sessionsEnded(of: account, except: kept)
            authenticator.forgetSessions(of: account)
            authenticator.forgetBasicLogins(of: account)
        case .sessionEnded(let id):
            eventStreams.sessionEnded(id)
        }
    }

    /// Opens the configured database and applies its pending migrations.
    private static func openDatabase(_ configuration: AppConfiguration, logger: Logger) throws -> any DatabaseWriter {
        let database: any DatabaseWriter
        let applied: [Migration]
        if let url = configuration.postgresURL {
            var limits = PostgresPoolLimits()
            limits.maxConnections = configuration.databaseConnections
            let pool = try PostgresPool(url: url, limits: limits)
            applied = try pool.withConnection { try PostgresMigrator(Schema.postgresMigrations).migrate($0) }
            database = pool
        } else {
            var databaseConfiguration = DatabaseConfiguration()
            databaseConfiguration.maxReaderCount = configuration.databaseReaderCount
            let pool = try DatabasePool(path: configuration.databasePath, configuration: databaseConfiguration)
            applied = try Migrator(Schema.migrations).migrate(pool)
            database = pool
        }
        for migration in applied {
            logger.info("applied migration", metadata: ["migration": "\(migration.name)"])
        }
        return database
    }

    /// The hasher under the server secret at the configured path: read, or created on first start;
    /// refused when the database's digests were made with another key or the file has gone.
    private static func secretHasher(
        configuration: AppConfiguration, database: any DatabaseWriter, clock: any WallClock
    ) throws -> SecretHasher {
        let path = configuration.secretFilePath ?? ServerSecret.defaultPath(besideDatabase: configuration.besideDatabasePath)
        let recorded = try database.read { db in try ServerSecretStore(db: db).fingerprint() }
        let hasher = SecretHasher(secret: try ServerSecret.loadOrCreate(at: path, mayCreate: recorded == nil))
        if let recorded {
            guard SecretDigest.constantTimeEquals(recorded, hasher.fingerprint) else { throw ServerSecretError.mismatch(path: path) }
        } else {
            try database.write { db in try ServerSecretStore(db: db).record(hasher.fingerprint, at: clock.now()) }
        }
        return hasher
    }

    /// The routes of every feature, each in the groups that authenticate its callers; the groups
    /// are built here once from the authenticator, and no feature sees the authenticator itself.
    public func makeRouter() -> Router {
        var router = Router()
        let signedIn = AuthenticatedRoutes.session(authenticator)
        let sessionCookie = AuthenticatedRoutes.sessionCookie(authenticator)
        let trackingClient = AuthenticatedRoutes.trackingClient(authenticator)
        let devices = DeviceKeyRoutes(authenticator)
        let linkAddresses = LinkAddresses(publicBaseURL: configuration.publicBaseURL, host: configuration.host, port: configuration.port)
        registerServiceRoutes(on: &router, app: self)
        registerZoneRoutes(on: &router, signedIn: signedIn, ZoneRoutesDependencies(
            database: database, accessPolicy: accessPolicy, clock: clock, limits: ZoneLimits(configuration),
            zoneObserver: zoneObserver, alerts: alerts, events: events))
        registerImportRoutes(on: &router, signedIn: signedIn, ImportRoutesDependencies(
            database: database, accessPolicy: accessPolicy, service: importService, jobs: imports, limits: ImportLimits(configuration)))
        registerRoutineRoutes(on: &router, signedIn: signedIn, RoutineRoutesDependencies(
            database: database, accessPolicy: accessPolicy, zoneObserver: zoneObserver, clock: clock,
            falseAlarmMaxTuningSteps: configuration.falseAlarmMaxTuningSteps))
        registerAlertRoutes(on: &router, signedIn: signedIn, AlertRoutesDependencies(
            alerts: alertService, database: database, zoneObserver: zoneObserver,
            rateLimiter: rateLimiter, outgoingClient: outgoingClient, clock: clock))
        registerNotifyRoutes(on: &router, signedIn: signedIn, NotifyRoutesDependencies(
            database: database, channelDelivery: channelDelivery, rateLimiter: rateLimiter,
            clock: clock, escalationMaxSteps: configuration.escalationMaxSteps))
        registerEventRoutes(on: &router, signedIn: signedIn, EventRoutesDependencies(
            database: database, eventStreams: eventStreams, limits: eventStreamLimits))
        registerTripRoutes(on: &router, signedIn: signedIn, TripRoutesDependencies(trips: trips, database: database, clock: clock))
        let ingest = IngestService(app: self)
        registerIngestRoutes(on: &router, signedIn: signedIn, ingest: ingest)
        registerViewRoutes(on: &router, signedIn: signedIn, ViewRoutesDependencies(
            views: ViewService(clock: clock, statusBoard: statusBoard, presence: presence, reporting: reporting),
            database: database, accessPolicy: accessPolicy, clock: clock))
        registerDeviceRoutes(on: &router, signedIn: signedIn, DeviceRoutesDependencies(
            forgetBasicLogins: authenticator.forgetBasicLogins(of:), database: database, secrets: secrets, clock: clock))
        registerPhoneSetupRoutes(on: &router, signedIn: signedIn, PhoneSetupRoutesDependencies(
            setup: PhoneSetupService(
                database: database, accessPolicy: accessPolicy, secrets: secrets, clock: clock,
                forgetBasicLogins: authenticator.forgetBasicLogins(of:)),
            addresses: linkAddresses))
        registerOwnTracksRoutes(on: &router, trackingClient: trackingClient, signedIn: signedIn, OwnTracksRoutesDependencies(
            ingest: ingest, database: database, accessPolicy: accessPolicy, clock: clock))
        registerOverlandRoutes(on: &router, trackingClient: trackingClient, OverlandRoutesDependencies(ingest: ingest, clock: clock))
        registerOsmAndRoutes(on: &router, devices: devices, OsmAndRoutesDependencies(
            ingest: ingest, database: database, alerts: alerts, events: events, clock: clock))
        registerJournalRoutes(on: &router, signedIn: signedIn, JournalRoutesDependencies(
            database: database, accessPolicy: accessPolicy, clock: clock))
        registerEpisodeRoutes(on: &router, signedIn: signedIn, EpisodeRoutesDependencies(
            database: database, accessPolicy: accessPolicy, clock: clock, weatherFiller: weatherFiller))
        registerShareRoutes(on: &router, signedIn: signedIn, ShareRoutesDependencies(
            database: database, secrets: secrets, clock: clock, addresses: linkAddresses))

        let accounts = AccountService(
            database: database, hasher: passwordHasher, loginLimits: loginLimits, authenticator: authenticator, clock: clock,
            secrets: secrets, metrics: metrics, presence: presence, accountMemories: accountMemories, liveAccess: liveAccess,
            sessionLifetimeSeconds: configuration.sessionLifetimeSeconds, phoneNumbers: phoneNumbers)
        registerAccountRoutes(on: &router, signedIn: signedIn, AccountRoutesDependencies(
            accounts: accounts, database: database, accessPolicy: accessPolicy, clock: clock,
            passwordResetMail: PasswordResetMail(
                database: database, secrets: secrets, clock: clock, rateLimiter: rateLimiter, outgoingClient: outgoingClient,
                smtpServer: configuration.smtpServer, phoneNumbers: phoneNumbers, logger: logger),
            addresses: linkAddresses))
        registerLinkRoutes(on: &router, signedIn: signedIn, LinkRoutesDependencies(
            links: LinkService(app: self), database: database, accessPolicy: accessPolicy, addresses: linkAddresses))
        registerWebSessionRoutes(on: &router, signedIn: signedIn, sessionCookie: sessionCookie, WebSessionRoutesDependencies(
            accounts: accounts, sessionLifetimeSeconds: configuration.sessionLifetimeSeconds))
        var webApp = configuration.webApp
        webApp.sendsEmail = configuration.smtpServer != nil
        registerWebAppRoutes(on: &router, settings: webApp)
        return router
    }

    /// Starts background work and the HTTP server; returns the running server.
    public func start() throws -> HTTPServer {
        health.start()
        try startBackgroundWork()
        retention.start()
        var http = configuration.http
        http.host = configuration.host
        http.port = configuration.port
        let server = HTTPServer(configuration: http, router: makeRouter(), metrics: httpMetrics, logger: logger)
        try server.start()
        return server
    }

    /// Starts the background threads of alerts and events (countdowns re-armed from the database, the
    /// periodic checks, webhook delivery, stream heartbeats) without the HTTP server; tests call it.
    public func startBackgroundWork() throws {
        try countdowns.start()
        alertMonitor.start()
        deliveryWorker.start()
        escalations.start()
        weatherFiller.start()
        eventStreams.start()
        tripTimer.start()
        clusterRelay?.start { [weak self] message in self?.receive(message) }
    }

    /// Stops background work and closes the database after the server has stopped.
    public func close() throws {
        health.stop()
        clusterRelay?.stop()
        eventStreams.stop()
        countdowns.stop()
        alertMonitor.stop()
        escalations.stop()
        deliveryWorker.stop()
        weatherFiller.stop()
        outgoingClient.stop()
        tripTimer.stop()
        retention.stop()
        imports.stop()
        try database.close()
    }
}
