import ArgumentParser
import Foundation
import Homeward
import HomewardHTTP
import HomewardStore

/// `homeward serve`: runs the HTTP server until SIGTERM or SIGINT.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API (migrating the database first)."
    )

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Path of the server secret, the key of the stored digests of codes, tokens and keys; created with mode 0600 on first start, back it up with the database (env HOMEWARD_SECRET_FILE, default <database path>.secret).")
    var secretFile: String?
    @Option(help: "Address to listen on (env HOMEWARD_HOST, default 127.0.0.1).")
    var host: String?
    @Option(help: "TCP port to listen on; 0 picks a free one (env HOMEWARD_PORT, default 8080).")
    var port: Int?
    @Option(help: "I/O event-loop threads (env HOMEWARD_EVENT_LOOPS, default one per core but one, at least one).")
    var eventLoops: Int?
    @Option(help: "Worker threads for handlers that touch the database (env HOMEWARD_WORKERS, default 64: each write waits for its group commit).")
    var workers: Int?
    @Option(help: "Worker threads of their own for GET and HEAD requests, so reads never wait behind writes; 0 shares the workers (env HOMEWARD_READ_WORKERS, default 4).")
    var readWorkers: Int?
    @Option(help: "Worker threads of the urgent lane (SOS, countdowns, acknowledgements), which nothing else uses (env HOMEWARD_URGENT_WORKERS, default 4).")
    var urgentWorkers: Int?
    @Option(help: "Worker threads of the bulk lane (password hashing, exports, streamed bodies) (env HOMEWARD_BULK_WORKERS, default 8).")
    var bulkWorkers: Int?
    @Option(help: "Open connections at most (env HOMEWARD_MAX_CONNECTIONS, default 16384).")
    var maxConnections: Int?
    @Option(help: "Requests waiting for a worker at most; more get 503 with Retry-After (env HOMEWARD_MAX_QUEUED_REQUESTS, default 4096).")
    var maxQueuedRequests: Int?
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
    @Option(help: "Seconds between a stop signal and the shutdown during which /readyz answers 503 and requests are still served, so a load balancer moves new requests to other nodes first (env HOMEWARD_DRAIN_SECONDS, default 0: one node behind nothing needs none).")
    var drainSeconds: Double?
    @Option(help: "Read-only database connections (env HOMEWARD_DATABASE_READERS, default 4).")
    var databaseReaders: Int?
    @Option(help: "PostgreSQL connections this node opens at most (env HOMEWARD_DATABASE_CONNECTIONS, default 10).")
    var databaseConnections: Int?
    @Option(help: "Seconds a session token lives without use; each use slides it (env HOMEWARD_SESSION_LIFETIME_SECONDS, default 2592000 = 30 days).")
    var sessionLifetimeSeconds: Int?
    @Option(help: "Seconds a verification code lives unless set otherwise (env HOMEWARD_VERIFICATION_CODE_LIFETIME_SECONDS, default 86400).")
    var verificationCodeLifetimeSeconds: Int?
    @Option(help: "Guardians who can link with one verification code the person chose, 1 to 100 (env HOMEWARD_MAX_LINKS_PER_CODE, default 5); a code the server draws links one.")
    var maxLinksPerCode: Int?
    @Option(help: "Country (ISO code, e.g. GB) whose phone numbers may be typed the local way, 020 7946 0958, when the browser names none (env HOMEWARD_DEFAULT_COUNTRY, default none: numbers start with + and the country code).")
    var defaultCountry: String?
    @Option(help: "argon2id iterations (env HOMEWARD_PASSWORD_HASH_ITERATIONS, default 2).")
    var passwordHashIterations: Int?
    @Option(help: "argon2id memory in bytes (env HOMEWARD_PASSWORD_HASH_MEMORY_BYTES, default 19922944 = 19 MiB).")
    var passwordHashMemoryBytes: Int?
    @Option(help: "Password hashes computed at once at most (env HOMEWARD_MAX_CONCURRENT_PASSWORD_HASHES, default 2).")
    var maxConcurrentPasswordHashes: Int?
    @Option(help: "Seconds after the expected arrival (or the start plus the ETA) before a trip is overdue (env HOMEWARD_TRIP_OVERDUE_MARGIN_SECONDS, default 900).")
    var tripOverdueMarginSeconds: Int?
    @Option(help: "Seconds without progress before a moving trip is stalled (env HOMEWARD_TRIP_STALLED_AFTER_SECONDS, default 600).")
    var tripStalledAfterSeconds: Int?
    @Option(help: "Seconds between two checks for overdue and stalled trips (env HOMEWARD_TRIP_TIMER_INTERVAL_SECONDS, default 15).")
    var tripTimerIntervalSeconds: Int?

    @Option(help: "Failed attempts (logins, passwords, verification codes) allowed against one account within the window; more get 429 (env HOMEWARD_MAX_FAILED_ATTEMPTS, default 5).")
    var maxFailedAttempts: Int?
    @Option(help: "Seconds of the failed-attempt window (env HOMEWARD_FAILED_ATTEMPT_WINDOW_SECONDS, default 900 = 15 minutes).")
    var failedAttemptWindowSeconds: Int?
    @Option(help: "Days of location and motion history kept; 0 keeps all (env HOMEWARD_RETENTION_DAYS, default 0).")
    var retentionDays: Int?
    @Option(help: "Smallest radius of a circular safe zone in metres (env HOMEWARD_ZONE_MIN_RADIUS_METRES, default 20).")
    var zoneMinRadiusMetres: Double?
    @Option(help: "Largest radius of a circular safe zone in metres (env HOMEWARD_ZONE_MAX_RADIUS_METRES, default 50000).")
    var zoneMaxRadiusMetres: Double?
    @Option(help: "Most vertices of a polygonal safe zone (env HOMEWARD_ZONE_MAX_POLYGON_VERTICES, default 200).")
    var zoneMaxPolygonVertices: Int?
    @Option(help: "Largest distance between two vertices of a polygonal zone in metres (env HOMEWARD_ZONE_MAX_POLYGON_SPAN_METRES, default 5000).")
    var zoneMaxPolygonSpanMetres: Double?
    @Option(help: "Most safe zones per person (env HOMEWARD_MAX_ZONES_PER_ACCOUNT, default 50).")
    var maxZonesPerAccount: Int?
    @Option(help: "Geo trackers kept in memory at most (env HOMEWARD_MAX_TRACKED_PEOPLE, default 10000).")
    var maxTrackedPeople: Int?
    @Option(help: "Days of a person's history before their learned routine is trusted; until then far_from_home is raised only after a night departure from home, 0 trusts it at once (env HOMEWARD_ROUTINE_MINIMUM_DAYS, default 7).")
    var routineMinimumDays: Int?
    @Option(help: "Days of stored history read to rebuild a person's routine when their tracker is built, 0 reads none (env HOMEWARD_ROUTINE_HISTORY_DAYS, default 28).")
    var routineHistoryDays: Int?
    @Option(help: "Most stored fixes read for that rebuild, newest first, one a minute at most (env HOMEWARD_ROUTINE_HISTORY_MAX_FIXES, default 20000).")
    var routineHistoryMaxFixes: Int?
    @Option(help: "A tracker built again recalls the person's stored fixes of this many minutes first (env HOMEWARD_TRACKER_RECALL_MINUTES, default 30).")
    var trackerRecallMinutes: Int?
    @Option(help: "At most this many of those fixes, the newest (env HOMEWARD_TRACKER_RECALL_MAX_FIXES, default 360).")
    var trackerRecallMaxFixes: Int?
    @Option(help: "Most learned places listed per person (env HOMEWARD_MAX_LEARNED_PLACES, default 50).")
    var maxLearnedPlaces: Int?
    @Option(help: "Bytes an uploaded history file may have at most, as sent (env HOMEWARD_MAX_IMPORT_UPLOAD_BYTES, default 4294967296).")
    var maxImportUploadBytes: Int?
    @Option(help: "History imports running at once for one person (env HOMEWARD_MAX_RUNNING_IMPORTS_PER_ACCOUNT, default 1).")
    var maxRunningImportsPerAccount: Int?
    @Option(help: "History imports running at once on this server (env HOMEWARD_MAX_RUNNING_IMPORTS, default 2).")
    var maxRunningImports: Int?
    @Option(help: "Directory where uploaded history files are kept while they are imported (env HOMEWARD_IMPORT_UPLOAD_DIRECTORY, default: the system's temporary directory).")
    var importUploadDirectory: String?
    @Option(help: "Steps at most by which a person's false alarms of one kind raise their thresholds, 0 turns the tuning off (env HOMEWARD_FALSE_ALARM_MAX_TUNING_STEPS, default 3).")
    var falseAlarmMaxTuningSteps: Int?
    @Option(help: "Smallest distance in metres a zone's unaccompanied rule may ask for (env HOMEWARD_UNACCOMPANIED_MIN_WITHIN_METRES, default 20).")
    var unaccompaniedMinWithinMetres: Double?
    @Option(help: "Largest distance in metres a zone's unaccompanied rule may ask for (env HOMEWARD_UNACCOMPANIED_MAX_WITHIN_METRES, default 5000).")
    var unaccompaniedMaxWithinMetres: Double?
    @Option(help: "Seconds a guardian's latest position may be older (or newer) than the person's exit fix and still count for a zone's unaccompanied rule (env HOMEWARD_UNACCOMPANIED_GUARDIAN_FIX_MAX_AGE_SECONDS, default 300).")
    var unaccompaniedGuardianFixMaxAgeSeconds: Int?
    @Option(help: "Battery percent below which low_battery is raised (env HOMEWARD_LOW_BATTERY_PERCENT, default 15).")
    var lowBatteryPercent: Double?
    @Option(help: "Percent above the low-battery level at which low_battery is resolved (env HOMEWARD_LOW_BATTERY_RECOVERY_PERCENT, default 10).")
    var lowBatteryRecoveryPercent: Double?
    @Option(help: "Shortest countdown in seconds (env HOMEWARD_COUNTDOWN_MIN_SECONDS, default 5).")
    var countdownMinSeconds: Int?
    @Option(help: "Longest countdown in seconds (env HOMEWARD_COUNTDOWN_MAX_SECONDS, default 300).")
    var countdownMaxSeconds: Int?
    @Option(help: "Countdown length in seconds when not given (env HOMEWARD_COUNTDOWN_DEFAULT_SECONDS, default 15).")
    var countdownDefaultSeconds: Int?
    @Option(help: "Seconds without a sign of life, for a person with a home zone or an active trip, before silent is raised until their phone's rhythm is learned, and the least once it is (env HOMEWARD_SILENT_AFTER_SECONDS, default 1800).")
    var silentAfterSeconds: Int?
    @Option(help: "The most seconds a phone's learned rhythm (quiet for hours while still) can stretch the silence before silent is raised (env HOMEWARD_SILENT_MAX_AFTER_SECONDS, default 43200).")
    var silentMaxAfterSeconds: Int?
    @Option(help: "Hours of a phone's stored fixes read to rebuild its reporting rhythm after a start or an eviction (env HOMEWARD_REPORTING_HISTORY_HOURS, default 48).")
    var reportingHistoryHours: Int?
    @Option(help: "Most stored fixes, the newest, read for that rebuild (env HOMEWARD_REPORTING_HISTORY_MAX_FIXES, default 2000).")
    var reportingHistoryMaxFixes: Int?
    @Option(help: "Seconds between the silent and there-by checks (env HOMEWARD_MONITOR_INTERVAL_SECONDS, default 30).")
    var monitorIntervalSeconds: Int?
    @Option(help: "Seconds between heartbeat comments on event streams (env HOMEWARD_EVENT_HEARTBEAT_SECONDS, default 15).")
    var eventHeartbeatSeconds: Int?
    @Option(help: "Seconds events stay available for Last-Event-ID replay (env HOMEWARD_EVENT_RETENTION_SECONDS, default 3600).")
    var eventRetentionSeconds: Int?
    @Option(help: "Events kept in memory for replay at most (env HOMEWARD_EVENT_BUFFER_CAPACITY, default 10000).")
    var eventBufferCapacity: Int?
    @Option(help: "Event streams one account may hold open at once; one more gets 429 (env HOMEWARD_MAX_EVENT_STREAMS_PER_ACCOUNT, default 8).")
    var maxEventStreamsPerAccount: Int?
    @Option(help: "Seconds a webhook receiver gets to answer (env HOMEWARD_WEBHOOK_TIMEOUT_SECONDS, default 5).")
    var webhookTimeoutSeconds: Double?
    @Option(help: "First webhook retry delay in seconds, doubled per failure with jitter (env HOMEWARD_WEBHOOK_FIRST_RETRY_SECONDS, default 5).")
    var webhookFirstRetrySeconds: Double?
    @Option(help: "Longest delay between webhook attempts in seconds (env HOMEWARD_WEBHOOK_MAX_RETRY_SECONDS, default 3600).")
    var webhookMaxRetrySeconds: Double?
    @Option(help: "Seconds after which an undelivered webhook is marked failed (env HOMEWARD_WEBHOOK_GIVE_UP_SECONDS, default 86400).")
    var webhookGiveUpSeconds: Int?
    @Option(help: "Escalations at most of an SOS, danger or left_zone alert nobody acknowledges, each sent again to everyone told so far and the next guardian in the person's order; 0 turns escalation off (env HOMEWARD_ESCALATION_MAX_STEPS, default 5).")
    var escalationMaxSteps: Int?
    @Option(help: "The Telegram Bot API's address, for a local Bot API server (env HOMEWARD_TELEGRAM_API_URL, default https://api.telegram.org).")
    var telegramApiUrl: String?
    @Option(help: "The Web Push (VAPID) key file, created 0600 on first start (env HOMEWARD_VAPID_KEY_FILE, default <database>.vapid).")
    var vapidKeyFile: String?
    @Option(help: "Who push services may contact about this server's pushes, mailto: or https: (env HOMEWARD_VAPID_SUBJECT, default the public base URL when https, else mailto:homeward@localhost).")
    var vapidSubject: String?
    @Option(help: "A PEM file of CA certificates that outgoing requests trust instead of the system store, for a private CA (your own ntfy, Gotify or mail server); add the system bundle to it to keep public services (env HOMEWARD_OUTGOING_CA_FILE, default the system store).")
    var outgoingCaFile: String?
    @Option(help: "Hosts (names or addresses, comma-separated) that webhooks may reach although they are loopback, private, link-local or this server's own (env HOMEWARD_OUTGOING_ALLOW_HOSTS, default none).")
    var outgoingAllowHosts: String?
    @Option(help: "Outgoing requests in flight at once to one destination (env HOMEWARD_OUTGOING_MAX_CONCURRENT_PER_DESTINATION, default 4).")
    var outgoingMaxConcurrentPerDestination: Int?
    @Option(help: "Outgoing requests in flight at once in all (env HOMEWARD_OUTGOING_MAX_CONCURRENT_TRANSFERS, default 256).")
    var outgoingMaxConcurrentTransfers: Int?
    @Option(help: "Base URL of Open-Meteo's forecast API that fills in the weather of episodes stored without conditions, e.g. https://api.open-meteo.com (env HOMEWARD_WEATHER_URL, default empty: off).")
    var weatherURL: String?
    @Option(help: "Base URL of Open-Meteo's historical archive API for episodes older than 92 days, e.g. https://archive-api.open-meteo.com (env HOMEWARD_WEATHER_ARCHIVE_URL, default empty: none).")
    var weatherArchiveURL: String?
    @Option(help: "Hours of weather per 0.1-degree cell kept in memory (env HOMEWARD_WEATHER_CACHE_ENTRIES, default 10000).")
    var weatherCacheEntries: Int?
    @Option(help: "Failed attempts at an episode's weather before giving up (env HOMEWARD_WEATHER_MAX_ATTEMPTS, default 5).")
    var weatherMaxAttempts: Int?
    @Option(help: "Seconds before the second attempt at an episode's weather, doubled per failure (env HOMEWARD_WEATHER_FIRST_RETRY_SECONDS, default 60).")
    var weatherFirstRetrySeconds: Double?
    @Option(help: "Episodes that started more days ago than this get no weather (env HOMEWARD_WEATHER_LOOKBACK_DAYS, default 92).")
    var weatherLookbackDays: Int?
    @Option(help: "Mail server for alert emails: smtp://host:port (STARTTLS, required) or smtps://host:port (TLS from the start); empty turns email off (env HOMEWARD_SMTP_URL, default empty).")
    var smtpURL: String?
    @Option(help: "Address alert emails come from, e.g. 'Homeward <alerts@example.org>'; required with --smtp-url (env HOMEWARD_SMTP_FROM, default empty).")
    var smtpFrom: String?
    @Option(help: "User to log in to the mail server as; empty sends without logging in (env HOMEWARD_SMTP_USERNAME, default empty).")
    var smtpUsername: String?
    @Option(help: "File holding the mail server password (one line, read at start, so the password is never on the command line) (env HOMEWARD_SMTP_PASSWORD_FILE, default none).")
    var smtpPasswordFile: String?
    @Flag(help: "Let smtp:// send without TLS when the mail server offers no STARTTLS: only for a relay on this machine (env HOMEWARD_SMTP_ALLOW_PLAIN=true, default off).")
    var smtpAllowPlain = false
    @Option(help: "Seconds between retention sweeps (env HOMEWARD_RETENTION_INTERVAL_SECONDS, default 86400).")
    var retentionIntervalSeconds: Int?
    @Option(help: "Fixes with a horizontal accuracy worse than this many metres are stored but flagged (env HOMEWARD_POOR_ACCURACY_METRES, default 100).")
    var poorAccuracyMetres: Double?
    @Option(help: "A fix implying a faster move (metres per second) from the previous reliable fix is flagged as a jump (env HOMEWARD_MAX_PLAUSIBLE_SPEED_METRES_PER_SECOND, default 85).")
    var maxPlausibleSpeedMetresPerSecond: Double?
    @Option(help: "Seconds a successful HTTP Basic login of a tracking client is remembered (env HOMEWARD_BASIC_CREDENTIAL_CACHE_SECONDS, default 300).")
    var basicCredentialCacheSeconds: Int?
    @Option(help: "Address clients reach the server at, put in front of share links, e.g. https://homeward.example.org (env HOMEWARD_PUBLIC_BASE_URL, default empty: relative links).")
    var publicBaseURL: String?
    @Option(help: "Map tile URL template of the web app ({z}, {x}, {y}, optionally {s}); empty draws positions on a plain background (env HOMEWARD_MAP_TILE_URL, default https://tile.openstreetmap.org/{z}/{x}/{y}.png).")
    var mapTileURL: String?
    @Option(help: "Attribution shown on the web app's map for its tiles (env HOMEWARD_MAP_TILE_ATTRIBUTION, default © OpenStreetMap contributors).")
    var mapTileAttribution: String?
    @Option(help: "Reverse proxies (addresses or CIDR blocks, comma-separated) whose X-Forwarded-For, Forwarded and X-Forwarded-Proto are believed: the client is the right-most address that is not one of them (env HOMEWARD_TRUSTED_PROXIES, default empty: none).")
    var trustedProxies: String?
    @Option(help: "Bearer token GET /metrics asks for (env HOMEWARD_METRICS_TOKEN, default empty: /metrics answers only loopback clients that came straight to the socket).")
    var metricsToken: String?

    func run() throws {
        var configuration = try makeConfiguration()
        let drain = try EnvironmentDefault.resolve(drainSeconds, "HOMEWARD_DRAIN_SECONDS", 0.0)
        guard drain >= 0, drain <= 600 else { throw ArgumentParser.ValidationError("--drain-seconds must be 0 to 600.") }
        try database.apply(to: &configuration)
        configuration.secretFilePath = try EnvironmentDefault.resolve(
            secretFile, "HOMEWARD_SECRET_FILE", ServerSecret.defaultPath(besideDatabase: configuration.besideDatabasePath))
        configuration.vapidKeyFilePath = try EnvironmentDefault.resolve(
            vapidKeyFile, "HOMEWARD_VAPID_KEY_FILE", VAPIDKeys.defaultPath(besideDatabase: configuration.besideDatabasePath))
        let problems = configuration.problems
        guard problems.isEmpty else {
            throw ArgumentParser.ValidationError("Cannot start: " + problems.joined(separator: "; ") + ".")
        }
        let logger = database.makeLogger(configuration)
        // One server per SQLite file; any number of nodes share a PostgreSQL database.
        let servingLock: ServingLock?
        do {
            servingLock = configuration.postgresURL == nil ? try ServingLock(databasePath: configuration.databasePath) : nil
        } catch {
            throw ArgumentParser.ValidationError("Cannot start: \(error).")
        }
        defer { withExtendedLifetime(servingLock) {} }
        // Block the stop signals in every thread; this one waits for them with sigwait.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        signal(SIGPIPE, SIG_IGN)

        let app = try HomewardApp(configuration: configuration, logger: logger)
        let server: HTTPServer
        do {
            server = try app.start()
        } catch let error as HTTPServerError {
            try? app.close()
            throw ArgumentParser.ValidationError("Cannot start: \(error).")
        }
        let shownHost = ["0.0.0.0", "::", ""].contains(configuration.host) ? "127.0.0.1" : configuration.host
        let bracketed = shownHost.contains(":") ? "[\(shownHost)]" : shownHost
        let address = "http://\(bracketed):\(server.localPort)/"
        FileHandle.standardOutput.write(Data("Homeward is running. Open \(address) in a browser for the guardian web app.\n".utf8))
        var received: Int32 = 0
        sigwait(&signals, &received)
        app.health.markStopping()
        if drain > 0 {
            logger.info("draining: /readyz answers 503", metadata: ["signal": "\(received)", "seconds": "\(drain)"])
            Thread.sleep(forTimeInterval: drain)
        }
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
        c.http.readWorkerCount = try EnvironmentDefault.resolve(readWorkers, "HOMEWARD_READ_WORKERS", c.http.readWorkerCount)
        c.http.urgentWorkerCount = try EnvironmentDefault.resolve(urgentWorkers, "HOMEWARD_URGENT_WORKERS", c.http.urgentWorkerCount)
        c.http.bulkWorkerCount = try EnvironmentDefault.resolve(bulkWorkers, "HOMEWARD_BULK_WORKERS", c.http.bulkWorkerCount)
        c.http.maxConnections = try EnvironmentDefault.resolve(maxConnections, "HOMEWARD_MAX_CONNECTIONS", c.http.maxConnections)
        c.http.maxQueuedRequests = try EnvironmentDefault.resolve(maxQueuedRequests, "HOMEWARD_MAX_QUEUED_REQUESTS", c.http.maxQueuedRequests)
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
        c.databaseConnections = try EnvironmentDefault.resolve(
            databaseConnections, "HOMEWARD_DATABASE_CONNECTIONS", c.databaseConnections)
        c.sessionLifetimeSeconds = try EnvironmentDefault.resolve(sessionLifetimeSeconds, "HOMEWARD_SESSION_LIFETIME_SECONDS", c.sessionLifetimeSeconds)
        c.verificationCodeLifetimeSeconds = try EnvironmentDefault.resolve(verificationCodeLifetimeSeconds, "HOMEWARD_VERIFICATION_CODE_LIFETIME_SECONDS", c.verificationCodeLifetimeSeconds)
        c.maxLinksPerChosenCode = try EnvironmentDefault.resolve(maxLinksPerCode, "HOMEWARD_MAX_LINKS_PER_CODE", c.maxLinksPerChosenCode)
        c.defaultCountry = try EnvironmentDefault.resolve(defaultCountry, "HOMEWARD_DEFAULT_COUNTRY", c.defaultCountry)
        c.passwordHashIterations = try EnvironmentDefault.resolve(passwordHashIterations, "HOMEWARD_PASSWORD_HASH_ITERATIONS", c.passwordHashIterations)
        c.passwordHashMemoryBytes = try EnvironmentDefault.resolve(passwordHashMemoryBytes, "HOMEWARD_PASSWORD_HASH_MEMORY_BYTES", c.passwordHashMemoryBytes)
        c.maxConcurrentPasswordHashes = try EnvironmentDefault.resolve(maxConcurrentPasswordHashes, "HOMEWARD_MAX_CONCURRENT_PASSWORD_HASHES", c.maxConcurrentPasswordHashes)
        c.tripOverdueMarginSeconds = try EnvironmentDefault.resolve(tripOverdueMarginSeconds, "HOMEWARD_TRIP_OVERDUE_MARGIN_SECONDS", c.tripOverdueMarginSeconds)
        c.tripStalledAfterSeconds = try EnvironmentDefault.resolve(tripStalledAfterSeconds, "HOMEWARD_TRIP_STALLED_AFTER_SECONDS", c.tripStalledAfterSeconds)
        c.tripTimerIntervalSeconds = try EnvironmentDefault.resolve(tripTimerIntervalSeconds, "HOMEWARD_TRIP_TIMER_INTERVAL_SECONDS", c.tripTimerIntervalSeconds)

        c.maxFailedAttempts = try EnvironmentDefault.resolve(maxFailedAttempts, "HOMEWARD_MAX_FAILED_ATTEMPTS", c.maxFailedAttempts)
        c.failedAttemptWindowSeconds = try EnvironmentDefault.resolve(failedAttemptWindowSeconds, "HOMEWARD_FAILED_ATTEMPT_WINDOW_SECONDS", c.failedAttemptWindowSeconds)
        c.retentionDays = try EnvironmentDefault.resolve(retentionDays, "HOMEWARD_RETENTION_DAYS", c.retentionDays)
        c.zoneMinRadiusMetres = try EnvironmentDefault.resolve(zoneMinRadiusMetres, "HOMEWARD_ZONE_MIN_RADIUS_METRES", c.zoneMinRadiusMetres)
        c.zoneMaxRadiusMetres = try EnvironmentDefault.resolve(zoneMaxRadiusMetres, "HOMEWARD_ZONE_MAX_RADIUS_METRES", c.zoneMaxRadiusMetres)
        c.zoneMaxPolygonVertices = try EnvironmentDefault.resolve(zoneMaxPolygonVertices, "HOMEWARD_ZONE_MAX_POLYGON_VERTICES", c.zoneMaxPolygonVertices)
        c.zoneMaxPolygonSpanMetres = try EnvironmentDefault.resolve(zoneMaxPolygonSpanMetres, "HOMEWARD_ZONE_MAX_POLYGON_SPAN_METRES", c.zoneMaxPolygonSpanMetres)
        c.maxZonesPerAccount = try EnvironmentDefault.resolve(maxZonesPerAccount, "HOMEWARD_MAX_ZONES_PER_ACCOUNT", c.maxZonesPerAccount)
        c.maxTrackedPeople = try EnvironmentDefault.resolve(maxTrackedPeople, "HOMEWARD_MAX_TRACKED_PEOPLE", c.maxTrackedPeople)
        c.routineMinimumDays = try EnvironmentDefault.resolve(routineMinimumDays, "HOMEWARD_ROUTINE_MINIMUM_DAYS", c.routineMinimumDays)
        c.routineHistoryDays = try EnvironmentDefault.resolve(routineHistoryDays, "HOMEWARD_ROUTINE_HISTORY_DAYS", c.routineHistoryDays)
        c.routineHistoryMaxFixes = try EnvironmentDefault.resolve(routineHistoryMaxFixes, "HOMEWARD_ROUTINE_HISTORY_MAX_FIXES", c.routineHistoryMaxFixes)
        c.trackerRecallMinutes = try EnvironmentDefault.resolve(trackerRecallMinutes, "HOMEWARD_TRACKER_RECALL_MINUTES", c.trackerRecallMinutes)
        c.trackerRecallMaxFixes = try EnvironmentDefault.resolve(trackerRecallMaxFixes, "HOMEWARD_TRACKER_RECALL_MAX_FIXES", c.trackerRecallMaxFixes)
        c.maxLearnedPlaces = try EnvironmentDefault.resolve(maxLearnedPlaces, "HOMEWARD_MAX_LEARNED_PLACES", c.maxLearnedPlaces)
        c.maxImportUploadBytes = try EnvironmentDefault.resolve(maxImportUploadBytes, "HOMEWARD_MAX_IMPORT_UPLOAD_BYTES", c.maxImportUploadBytes)
        c.maxRunningImportsPerAccount = try EnvironmentDefault.resolve(
            maxRunningImportsPerAccount, "HOMEWARD_MAX_RUNNING_IMPORTS_PER_ACCOUNT", c.maxRunningImportsPerAccount)
        c.maxRunningImports = try EnvironmentDefault.resolve(maxRunningImports, "HOMEWARD_MAX_RUNNING_IMPORTS", c.maxRunningImports)
        let uploadDirectory = try EnvironmentDefault.resolve(importUploadDirectory, "HOMEWARD_IMPORT_UPLOAD_DIRECTORY", "")
        if !uploadDirectory.isEmpty { c.importUploadDirectory = uploadDirectory }
        c.falseAlarmMaxTuningSteps = try EnvironmentDefault.resolve(falseAlarmMaxTuningSteps, "HOMEWARD_FALSE_ALARM_MAX_TUNING_STEPS", c.falseAlarmMaxTuningSteps)
        c.unaccompaniedMinWithinMetres = try EnvironmentDefault.resolve(
            unaccompaniedMinWithinMetres, "HOMEWARD_UNACCOMPANIED_MIN_WITHIN_METRES", c.unaccompaniedMinWithinMetres)
        c.unaccompaniedMaxWithinMetres = try EnvironmentDefault.resolve(
            unaccompaniedMaxWithinMetres, "HOMEWARD_UNACCOMPANIED_MAX_WITHIN_METRES", c.unaccompaniedMaxWithinMetres)
        c.unaccompaniedGuardianFixMaxAgeSeconds = try EnvironmentDefault.resolve(
            unaccompaniedGuardianFixMaxAgeSeconds, "HOMEWARD_UNACCOMPANIED_GUARDIAN_FIX_MAX_AGE_SECONDS",
            c.unaccompaniedGuardianFixMaxAgeSeconds)
        c.lowBatteryPercent = try EnvironmentDefault.resolve(lowBatteryPercent, "HOMEWARD_LOW_BATTERY_PERCENT", c.lowBatteryPercent)
        c.lowBatteryRecoveryPercent = try EnvironmentDefault.resolve(lowBatteryRecoveryPercent, "HOMEWARD_LOW_BATTERY_RECOVERY_PERCENT", c.lowBatteryRecoveryPercent)
        c.countdownMinSeconds = try EnvironmentDefault.resolve(countdownMinSeconds, "HOMEWARD_COUNTDOWN_MIN_SECONDS", c.countdownMinSeconds)
        c.countdownMaxSeconds = try EnvironmentDefault.resolve(countdownMaxSeconds, "HOMEWARD_COUNTDOWN_MAX_SECONDS", c.countdownMaxSeconds)
        c.countdownDefaultSeconds = try EnvironmentDefault.resolve(countdownDefaultSeconds, "HOMEWARD_COUNTDOWN_DEFAULT_SECONDS", c.countdownDefaultSeconds)
        c.silentAfterSeconds = try EnvironmentDefault.resolve(silentAfterSeconds, "HOMEWARD_SILENT_AFTER_SECONDS", c.silentAfterSeconds)
        c.silentMaxAfterSeconds = try EnvironmentDefault.resolve(silentMaxAfterSeconds, "HOMEWARD_SILENT_MAX_AFTER_SECONDS", c.silentMaxAfterSeconds)
        c.reportingHistoryHours = try EnvironmentDefault.resolve(reportingHistoryHours, "HOMEWARD_REPORTING_HISTORY_HOURS", c.reportingHistoryHours)
        c.reportingHistoryMaxFixes = try EnvironmentDefault.resolve(
            reportingHistoryMaxFixes, "HOMEWARD_REPORTING_HISTORY_MAX_FIXES", c.reportingHistoryMaxFixes)
        c.monitorIntervalSeconds = try EnvironmentDefault.resolve(monitorIntervalSeconds, "HOMEWARD_MONITOR_INTERVAL_SECONDS", c.monitorIntervalSeconds)
        c.eventHeartbeatSeconds = try EnvironmentDefault.resolve(eventHeartbeatSeconds, "HOMEWARD_EVENT_HEARTBEAT_SECONDS", c.eventHeartbeatSeconds)
        c.eventRetentionSeconds = try EnvironmentDefault.resolve(eventRetentionSeconds, "HOMEWARD_EVENT_RETENTION_SECONDS", c.eventRetentionSeconds)
        c.eventBufferCapacity = try EnvironmentDefault.resolve(eventBufferCapacity, "HOMEWARD_EVENT_BUFFER_CAPACITY", c.eventBufferCapacity)
        c.maxEventStreamsPerAccount = try EnvironmentDefault.resolve(
            maxEventStreamsPerAccount, "HOMEWARD_MAX_EVENT_STREAMS_PER_ACCOUNT", c.maxEventStreamsPerAccount)
        c.webhookTimeoutSeconds = try EnvironmentDefault.resolve(webhookTimeoutSeconds, "HOMEWARD_WEBHOOK_TIMEOUT_SECONDS", c.webhookTimeoutSeconds)
        c.webhookFirstRetrySeconds = try EnvironmentDefault.resolve(webhookFirstRetrySeconds, "HOMEWARD_WEBHOOK_FIRST_RETRY_SECONDS", c.webhookFirstRetrySeconds)
        c.webhookMaxRetrySeconds = try EnvironmentDefault.resolve(webhookMaxRetrySeconds, "HOMEWARD_WEBHOOK_MAX_RETRY_SECONDS", c.webhookMaxRetrySeconds)
        c.webhookGiveUpSeconds = try EnvironmentDefault.resolve(webhookGiveUpSeconds, "HOMEWARD_WEBHOOK_GIVE_UP_SECONDS", c.webhookGiveUpSeconds)
        c.escalationMaxSteps = try EnvironmentDefault.resolve(escalationMaxSteps, "HOMEWARD_ESCALATION_MAX_STEPS", c.escalationMaxSteps)
        c.telegramAPIURL = try EnvironmentDefault.resolve(telegramApiUrl, "HOMEWARD_TELEGRAM_API_URL", c.telegramAPIURL)
        c.vapidSubject = try EnvironmentDefault.resolve(vapidSubject, "HOMEWARD_VAPID_SUBJECT", c.vapidSubject)
        let caFile = try EnvironmentDefault.resolve(outgoingCaFile, "HOMEWARD_OUTGOING_CA_FILE", "")
        c.outgoingCAFilePath = caFile.isEmpty ? nil : caFile
        c.outgoingAllowHosts = try EnvironmentDefault.resolve(outgoingAllowHosts, "HOMEWARD_OUTGOING_ALLOW_HOSTS", "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        c.outgoingMaxConcurrentPerDestination = try EnvironmentDefault.resolve(
            outgoingMaxConcurrentPerDestination, "HOMEWARD_OUTGOING_MAX_CONCURRENT_PER_DESTINATION", c.outgoingMaxConcurrentPerDestination)
        c.outgoingMaxConcurrentTransfers = try EnvironmentDefault.resolve(
            outgoingMaxConcurrentTransfers, "HOMEWARD_OUTGOING_MAX_CONCURRENT_TRANSFERS", c.outgoingMaxConcurrentTransfers)
        c.weatherURL = try EnvironmentDefault.resolve(weatherURL, "HOMEWARD_WEATHER_URL", c.weatherURL)
        c.weatherArchiveURL = try EnvironmentDefault.resolve(weatherArchiveURL, "HOMEWARD_WEATHER_ARCHIVE_URL", c.weatherArchiveURL)
        c.weatherCacheEntries = try EnvironmentDefault.resolve(weatherCacheEntries, "HOMEWARD_WEATHER_CACHE_ENTRIES", c.weatherCacheEntries)
        c.weatherMaxAttempts = try EnvironmentDefault.resolve(weatherMaxAttempts, "HOMEWARD_WEATHER_MAX_ATTEMPTS", c.weatherMaxAttempts)
        c.weatherFirstRetrySeconds = try EnvironmentDefault.resolve(
            weatherFirstRetrySeconds, "HOMEWARD_WEATHER_FIRST_RETRY_SECONDS", c.weatherFirstRetrySeconds)
        c.weatherLookbackDays = try EnvironmentDefault.resolve(weatherLookbackDays, "HOMEWARD_WEATHER_LOOKBACK_DAYS", c.weatherLookbackDays)
        c.smtpURL = try EnvironmentDefault.resolve(smtpURL, "HOMEWARD_SMTP_URL", c.smtpURL)
        c.smtpFrom = try EnvironmentDefault.resolve(smtpFrom, "HOMEWARD_SMTP_FROM", c.smtpFrom)
        c.smtpUsername = try EnvironmentDefault.resolve(smtpUsername, "HOMEWARD_SMTP_USERNAME", c.smtpUsername)
        let passwordFile = try EnvironmentDefault.resolve(smtpPasswordFile, "HOMEWARD_SMTP_PASSWORD_FILE", "")
        if !passwordFile.isEmpty { c.smtpPassword = try Self.readPassword(passwordFile) }
        c.smtpAllowPlain = smtpAllowPlain ? true : try EnvironmentDefault.resolve(nil, "HOMEWARD_SMTP_ALLOW_PLAIN", c.smtpAllowPlain)
        c.retentionIntervalSeconds = try EnvironmentDefault.resolve(retentionIntervalSeconds, "HOMEWARD_RETENTION_INTERVAL_SECONDS", c.retentionIntervalSeconds)
        c.poorAccuracyMetres = try EnvironmentDefault.resolve(poorAccuracyMetres, "HOMEWARD_POOR_ACCURACY_METRES", c.poorAccuracyMetres)
        c.maxPlausibleSpeedMetresPerSecond = try EnvironmentDefault.resolve(maxPlausibleSpeedMetresPerSecond, "HOMEWARD_MAX_PLAUSIBLE_SPEED_METRES_PER_SECOND", c.maxPlausibleSpeedMetresPerSecond)
        c.basicCredentialCacheSeconds = try EnvironmentDefault.resolve(basicCredentialCacheSeconds, "HOMEWARD_BASIC_CREDENTIAL_CACHE_SECONDS", c.basicCredentialCacheSeconds)
        c.publicBaseURL = try EnvironmentDefault.resolve(publicBaseURL, "HOMEWARD_PUBLIC_BASE_URL", c.publicBaseURL)
        c.webApp.tileURLTemplate = try EnvironmentDefault.resolve(mapTileURL, "HOMEWARD_MAP_TILE_URL", c.webApp.tileURLTemplate)
        c.webApp.tileAttribution = try EnvironmentDefault.resolve(mapTileAttribution, "HOMEWARD_MAP_TILE_ATTRIBUTION", c.webApp.tileAttribution)
        let proxies = try EnvironmentDefault.resolve(trustedProxies, "HOMEWARD_TRUSTED_PROXIES", "")
        guard let parsedProxies = TrustedProxies(parsing: proxies) else {
            throw ArgumentParser.ValidationError("trusted-proxies must be IP addresses or CIDR blocks separated by commas: \(proxies)")
        }
        c.http.trustedProxies = parsedProxies
        c.metricsToken = try EnvironmentDefault.resolve(metricsToken, "HOMEWARD_METRICS_TOKEN", c.metricsToken)
        return c
    }

    /// The password in `path`, without the line end an editor or `echo` leaves.
    private static func readPassword(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ArgumentParser.ValidationError("smtp-password-file \(path) cannot be read.")
        }
        let password = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        guard !password.isEmpty else {
            throw ArgumentParser.ValidationError("smtp-password-file \(path) is empty.")
        }
        return password
    }
}
