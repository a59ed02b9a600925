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
            let pool = try PostgresPool(url: url, limits: limits)
            applied = try pool.withConnection { try Schema.postgresMigrator().migrate($0) }
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
}
