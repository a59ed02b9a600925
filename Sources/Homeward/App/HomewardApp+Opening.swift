import HomewardPostgres
import HomewardStore
import Logging

extension HomewardApp {
    /// Opens the configured database and applies its pending migrations.
    static func openDatabase(_ configuration: AppConfiguration, logger: Logger) throws -> any DatabaseWriter {
        let database: any DatabaseWriter
        let applied: [Migration]
        if let url = configuration.postgresURL {
            var limits = PostgresPoolLimits()
            limits.maxConnections = configuration.databaseConnections
            // Every stored fix is a row of `locations`: the table a group that lost three races to
            // other nodes locks, to run alone.
            limits.tablesLockedToRunAlone = ["locations"]
            let pool = try PostgresPool(url: url, limits: limits)
            applied = try pool.withConnection { try Schema.postgresMigrator().migrate($0) }
            for warning in try pool.withConnection({ try PostgresServerAdvice.warnings(on: $0) }) {
                logger.warning("\(warning)")
            }
            database = pool
        } else {
            var databaseConfiguration = DatabaseConfiguration()
            databaseConfiguration.maxReaderCount = configuration.databaseReaderCount
            let pool = try DatabasePool(path: configuration.databasePath, configuration: databaseConfiguration)
            applied = try Schema.migrator().migrate(pool)
            database = pool
        }
        for migration in applied {
            logger.info("applied migration", metadata: ["migration": "\(migration.name)"])
        }
        return database
    }

    /// The hasher under the server secret at the configured path: read, or created on first start;
    /// refused when the database's digests were made with another key or the file has gone.
    static func secretHasher(
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
}

extension HomewardApp {
    /// The channels' sender, with the Web Push key pair read (or created on first start).
    static func channelDelivery(
        _ configuration: AppConfiguration, client: OutgoingHTTPClient, clock: any WallClock, logger: Logger
    ) throws -> ChannelDelivery {
        let vapidKeys = try VAPIDKeys.loadOrCreate(
            path: configuration.vapidKeyFilePath ?? VAPIDKeys.defaultPath(besideDatabase: configuration.besideDatabasePath))
        return ChannelDelivery(
            client: client, pluginValues: configuration.pluginValues,
            webPush: ChannelDelivery.WebPushSettings(keys: vapidKeys, subject: configuration.effectiveVAPIDSubject),
            smtpServer: configuration.smtpServer, clock: clock, logger: logger)
    }

    /// The imports' service and running jobs; on SQLite (one server per file) an import the
    /// database still shows running was cut short by a stop, and is taken out.
    static func imports(
        _ configuration: AppConfiguration, database: any DatabaseWriter, clock: any WallClock, zoneObserver: ZoneObserver,
        events: EventBus, logger: Logger
    ) throws -> (ImportService, ImportJobs) {
        var settings = ImportSettings(configuration)
        settings.batchFixes = ImportLimits.batchFixes
        let service = ImportService(database: database, clock: clock, zoneObserver: zoneObserver, settings: settings)
        if configuration.postgresURL == nil {
            let interrupted = try service.failInterrupted()
            if interrupted > 0 { logger.warning("imports cut short by a stop were taken out", metadata: ["imports": "\(interrupted)"]) }
        }
        return (service, ImportJobs(service: service, limits: ImportLimits(configuration), events: events, logger: logger))
    }

    /// The MQTT service when `configuration.mqtt` names a broker.
    static func mqtt(
        _ configuration: AppConfiguration, database: any DatabaseWriter, authenticator: Authenticator, accessPolicy: AccessPolicy,
        statusBoard: PersonStatusBoard, commands: OwnTracksCommandQueue, clock: any WallClock, metrics: AppMetrics,
        logger: Logger, ingest: IngestService
    ) throws -> MQTTService? {
        let settings = configuration.mqtt
        guard let broker = settings.broker else { return nil }
        let owntracks = OwnTracksService(ingest: ingest, database: database, accessPolicy: accessPolicy, clock: clock, commands: commands)
        return try MQTTService(
            settings: settings, broker: broker,
            owntracks: { publisher in
                settings.ownTracksPrefix.isEmpty ? nil : OwnTracksBridge(
                    owntracks: owntracks, authenticate: { try authenticator.authenticate(ownTracksTopic: $0) },
                    prefix: settings.ownTracksPrefix, publisher: publisher, published: PublishedFriends(), logger: logger)
            },
            homeAssistant: { publisher in
                HomeAssistantPublisher(
                    topics: HomeAssistantTopics(discoveryPrefix: settings.discoveryPrefix, prefix: settings.topicPrefix),
                    database: database, statusBoard: statusBoard, publisher: publisher)
            },
            metrics: metrics, logger: logger)
    }
}
