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
    let importService: ImportService
    /// What each OwnTracks phone should be asked next (shared by HTTP and MQTT mode).
    let ownTracksCommands = OwnTracksCommandQueue()
    /// The MQTT client (OwnTracks in MQTT mode, Home Assistant); nil without `--mqtt-url`.
    public let mqtt: MQTTService?
    /// Where committed changes of who is shown in Home Assistant are told (every node's MQTT service).
    let homeAssistantChanges: HomeAssistantChanges

    /// Opens (or creates) the database, applies pending migrations and builds the services.
    public init(configuration: AppConfiguration, clock: any WallClock = SystemClock(), logger: Logger) throws {
        (self.configuration, self.clock, self.logger) = (configuration, clock, logger)
        database = try Self.openDatabase(configuration, logger: logger)
        secrets = try Self.secretHasher(configuration: configuration, database: database, clock: clock)
        phoneNumbers = PhoneNumberReader(defaultCountry: CallingCountry(isoCode: configuration.defaultCountry))
        passwordHasher = try PasswordHasher(configuration: PasswordHashingConfiguration(configuration))
        (rateLimiter, presence) = (RateLimiter(clock: clock), Presence())
        loginLimits = LoginLimits(rateLimiter: rateLimiter, configuration)
        authenticator = Authenticator(
            database: database, clock: clock, presence: presence, secrets: secrets, sessionLifetimeSeconds: configuration.sessionLifetimeSeconds,
            passwordHasher: passwordHasher, loginLimits: loginLimits, basicCredentialCacheSeconds: configuration.basicCredentialCacheSeconds)
        (health, accessPolicy, metrics) = (HealthMonitor(database: database), AccessPolicy(), AppMetrics())
        (events, statusBoard) = (EventBus(), PersonStatusBoard())
        alerts = AlertCenter(outbox: NotificationOutbox(accessPolicy: accessPolicy, publicBaseURL: configuration.publicBaseURL),
                             metrics: metrics, escalationMaxSteps: configuration.escalationMaxSteps)
        reporting = ReportingObserver(settings: ReportingSettings(configuration))
        let ruleServices = AlertRuleServices(presence: presence, reporting: reporting)
        zoneObserver = ZoneObserver(alerts: alerts, statusBoard: statusBoard, settings: ZoneObserverSettings(configuration),
                                    accessPolicy: accessPolicy, fixRules: AlertRules.fixRules(configuration, services: ruleServices),
                                    trackerConfiguration: configuration.trackerConfiguration)
        let tripMonitor = TripMonitor(
            configuration: TripConfiguration(configuration), database: database, clock: clock, alerts: alerts, events: events)
        eventStreams = EventStreamHub(
            database: database, accessPolicy: accessPolicy, clock: clock, limits: EventStreamLimits(configuration), logger: logger)
        clusterRelay = configuration.postgresURL.map { ClusterEventRelay(url: $0, logger: logger) }
        liveAccess = clusterRelay.map { [eventStreams] in ClusterLiveAccess(local: eventStreams, relay: $0) } ?? eventStreams
        homeAssistantChanges = HomeAssistantChanges(relay: clusterRelay)
        zoneObserver.relayChanges(to: clusterRelay)
        trips = TripService(monitor: tripMonitor, database: database, clock: clock, accessPolicy: accessPolicy,
                            rateLimiter: rateLimiter, secrets: secrets, events: events, liveAccess: liveAccess, phoneNumbers: phoneNumbers)
        tripTimer = TripTimer(monitor: tripMonitor, logger: logger)
        let observers: [any LocationObserver] = [zoneObserver, tripMonitor, reporting]
        locationObservers = observers
        // A server database reads what a group of fixes will ask for at once, before the group.
        database.prepareGroups { db, accounts in try IngestService.readAhead(of: accounts, observers: observers, in: db) }
        countdowns = CountdownScheduler(database: database, alerts: alerts, events: events, clock: clock, logger: logger,
                                        resyncSeconds: configuration.postgresURL == nil ? nil : CountdownScheduler.clusterResyncSeconds)
        alertMonitor = AlertMonitor(database: database, alerts: alerts, zones: zoneObserver, events: events, clock: clock,
                                    intervalSeconds: configuration.monitorIntervalSeconds,
                                    clockRules: AlertRules.clockRules(configuration, services: ruleServices), logger: logger)
        outgoingClient = OutgoingHTTPClient(configuration)
        channelDelivery = try Self.channelDelivery(configuration, client: outgoingClient, clock: clock, logger: logger)
        deliveryWorker = AlertDeliveryWorker(database: database, client: outgoingClient, channels: channelDelivery, clock: clock,
                                             retryPolicy: DeliveryRetryPolicy(configuration), logger: logger)
        escalations = EscalationScheduler(database: database, alerts: alerts, events: events, clock: clock, logger: logger)
        weatherFiller = WeatherFiller(
            database: database, client: outgoingClient, clock: clock, settings: WeatherSettings(configuration), logger: logger)
        alertService = AlertService(database: database, center: alerts, accessPolicy: accessPolicy, events: events, clock: clock,
                                    scheduler: countdowns, countdowns: CountdownLimits(configuration))
        accountMemories = [authenticator, presence, statusBoard, zoneObserver, tripMonitor, reporting, eventStreams, homeAssistantChanges]
        retention = RetentionSweeper(pruner: HistoryPruner(database: database), clock: clock, retentionDays: configuration.retentionDays,
                                     intervalSeconds: configuration.retentionIntervalSeconds, logger: logger)
        (importService, imports) = try Self.imports(configuration, database: database, clock: clock, zoneObserver: zoneObserver,
                                                    events: events, logger: logger)
        mqtt = try Self.mqtt(configuration, database: database, authenticator: authenticator, accessPolicy: accessPolicy,
                             statusBoard: statusBoard, commands: ownTracksCommands, clock: clock, metrics: metrics, logger: logger,
                             ingest: IngestService(database: database, clock: clock, events: events, observers: observers,
                                                   metrics: metrics, limits: IngestLimits(configuration)))
        homeAssistantChanges.attach(mqtt)
        subscribeToEvents()
    }

    /// The background services, started in this order and stopped in reverse: the outgoing client
    /// before the workers that send through it, the workers before the cluster relay that wakes them;
    /// the MQTT client after everything it stores into and publishes from; the imports last, so
    /// that the ones still running are cancelled first.
    public var services: ServiceGroup {
        let node = clusterRelay.map {
            ClusterNode(relay: $0, events: nodeEvents, authenticator: authenticator, homeAssistant: homeAssistantChanges,
                        trackers: zoneObserver)
        }
        let services: [(any LifecycleService)?] = [
            health, outgoingClient, countdowns, alertMonitor, deliveryWorker, escalations, weatherFiller, eventStreams, tripTimer,
            retention, mqtt, node, imports,
        ]
        return ServiceGroup(services.compactMap { $0 })
    }

    /// Where an event goes on this node, whichever node it happened on.
    var nodeEvents: NodeEventSink {
        NodeEventSink(streams: eventStreams, alertWorkers: [deliveryWorker, escalations], mqtt: mqtt)
    }
}
