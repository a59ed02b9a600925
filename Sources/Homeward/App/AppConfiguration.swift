import HomewardGeo
import HomewardHTTP
import Logging

/// Every setting of a Homeward server, with its default. `ServerSettings` declares each one's
/// flag, environment variable, check and help and fills it from them; tests build it directly.
public struct AppConfiguration: Sendable {
    /// Address to listen on.
    public var host = "127.0.0.1"
    /// TCP port; 0 picks a free one (tests).
    public var port = 8080
    /// Path of the SQLite database file, created on first start; or the URL of a PostgreSQL database
    /// (`postgres://user:password@host:port/name`), which must exist (the tables are made at start).
    public var databasePath = "./homeward.sqlite"
    /// PostgreSQL connections a node opens at most (`--database-connections`): 10. Every node
    /// counts against the server's `max_connections` (100 by default).
    public var databaseConnections = 10
    /// Path of the server secret, the key of the digests of codes, tokens and keys; nil puts it
    /// beside the database (`<databasePath>.secret`; `./homeward.secret` on PostgreSQL, where
    /// every node must be given the same file). Created with mode 0600 on first start.
    public var secretFilePath: String?
    /// Minimum level of log lines.
    public var logLevel: Logger.Level = .info
    /// Seconds between a stop signal and the shutdown during which `/readyz` answers 503 while
    /// requests are still served (`homeward serve` waits them out).
    public var drainSeconds = 0.0
    /// Limits and timeouts of the HTTP server; `defaultWorkerCount` workers and
    /// `defaultEventLoopCount` event loops unless set.
    public var http = AppConfiguration.defaultHTTPConfiguration
    /// Worker threads by default. A handler that writes holds its worker until the group commit's
    /// fsync returns, so the workers bound how many writes can share one commit: with two per core,
    /// six phones posting at once made one commit and the fsync rate capped ingest near 2,000
    /// requests/s (bench/README.md, "Ingest"). `POST /v1/locations` and the OsmAnd protocol no
    /// longer hold one (they are answered from the database's finisher thread); the other writers still do.
    /// Idle workers cost a parked thread each.
    public static let defaultWorkerCount = 64
    /// Event-loop threads by default: one per core but one, and at least one. The database's writer
    /// and finisher threads are busy for every write, and an event loop per core left them queueing
    /// for a core behind the loops: on 2 cores one loop served about a tenth more single-fix posts
    /// than two (bench/README.md, "Performance work, fourth round") and as many `/healthz` requests.
    public static var defaultEventLoopCount: Int { max(1, HTTPServerConfiguration.processorCount - 1) }
    /// Read-only SQLite connections serving GET requests.
    public var databaseReaderCount = 4

    /// How long a session token lives without use; each use slides it.
    public var sessionLifetimeSeconds = 30 * 24 * 3600
    /// How long a verification code lives unless the dependent says otherwise; at most
    /// `LinkService.maxCodeLifetimeSeconds` (7 days).
    public var verificationCodeLifetimeSeconds = 24 * 3600
    /// How many guardians one verification code the person chose can link (`--max-links-per-code`).
    public var maxLinksPerChosenCode = LinkService.defaultMaxLinksPerChosenCode
    /// The country (ISO code, "GB") whose phone numbers may be typed the local way when a request
    /// names none; empty: every number starts with + and its country code.
    public var defaultCountry = ""
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

    /// How often the trip timer looks for overdue and stalled trips.
    public var tripTimerIntervalSeconds = 15

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

    // MARK: Zones, alerts and delivery
    /// Smallest radius of a circular safe zone.
    public var zoneMinRadiusMetres = 20.0
    /// Largest radius of a circular safe zone.
    public var zoneMaxRadiusMetres = 50_000.0
    /// Most vertices of a polygonal safe zone.
    public var zoneMaxPolygonVertices = 200
    /// Largest distance between two vertices of a polygonal safe zone.
    public var zoneMaxPolygonSpanMetres = 5_000.0
    /// Most safe zones one person may have.
    public var maxZonesPerAccount = 50
    /// People whose geo trackers are kept in memory at most; the least recently fed are rebuilt on demand.
    public var maxTrackedPeople = 10_000
    /// Distinct days of a person's history before their routine is trusted: until then
    /// `far_from_home` is raised only after a night departure from home (0 judges every unusual place
    /// from the first day).
    public var routineMinimumDays = 7
    /// How many days of a person's stored history (the newest days that have fixes, however old)
    /// are read to rebuild their routine when their tracker is built (at the first fix after a
    /// start, a zone change, an eviction or an import).
    public var routineHistoryDays = 28
    /// At most this many stored fixes are read for that rebuild (newest first, one a minute at most:
    /// the routine needs no more), so a tracker's first fix costs bounded work.
    public var routineHistoryMaxFixes = 20_000
    /// Days older than this before the rebuild do not teach the routine, imported or live: a
    /// person's usual places and hours drift (a move, a new school year), and a routine learned
    /// from them would be trusted at once and raise false alarms where the person lives now.
    public var routineHistoryMaxAgeDays = 365
    /// Bytes an uploaded history file may have at most, as sent (`POST /v1/accounts/{id}/imports`).
    public var maxImportUploadBytes = 4 * 1024 * 1024 * 1024
    /// History imports running at once for one person.
    public var maxRunningImportsPerAccount = 1
    /// History imports running at once on this server.
    public var maxRunningImports = 2
    /// Where uploaded history files are kept while they are imported; nil: the system's temporary
    /// directory (TMPDIR, else /tmp).
    public var importUploadDirectory: String?
    /// A tracker built again (at the first fix after a start, a zone change or an eviction, or on a
    /// node that did not see the person's last fixes) first recalls their stored fixes of this many
    /// minutes, so an exit under way is still raised and one already raised is not raised again.
    public var trackerRecallMinutes = 30
    /// At most this many of those fixes, the newest (one index range read).
    public var trackerRecallMaxFixes = 360
    /// Most learned places `GET /v1/accounts/{id}/places` lists (the most stayed-at first).
    public var maxLearnedPlaces = 50
    /// Steps at most by which a person's false alarms of one kind tune their thresholds
    /// (`FalseAlarmTuning`): past it, marking more false alarms changes nothing.
    public var falseAlarmMaxTuningSteps = 3
    /// Smallest `unaccompanied.withinMetres` a zone may ask for.
    public var unaccompaniedMinWithinMetres = 20.0
    /// Largest `unaccompanied.withinMetres` a zone may ask for.
    public var unaccompaniedMaxWithinMetres = 5_000.0
    /// A guardian's latest position taken longer than this before (or after) the person's exit fix
    /// does not count for the `unaccompanied` rule: it says nothing about where the guardian is now.
    public var unaccompaniedGuardianFixMaxAgeSeconds = 5 * 60
    /// The values of the plug-ins' own settings (alert rules' and channels', `PluginSetting`), by name,
    /// as given; a plug-in reads its setting with `PluginSetting.value(in:)`, which falls back to the
    /// default.
    public var pluginValues: [String: String] = [:]
    /// Shortest countdown a client may ask for (the API's minimum; tests lower it).
    public var countdownMinSeconds = 5
    /// Longest countdown a client may ask for.
    public var countdownMaxSeconds = 300
    /// Countdown length when the client does not say.
    public var countdownDefaultSeconds = 15
    /// No sign of life for this long, while a person has a home zone or an active trip, raises
    /// `silent` until their phone's rhythm is learned; once it is, the least silence that does
    /// (a phone quiet for hours while still waits longer, up to `silentMaxAfterSeconds`).
    public var silentAfterSeconds = 30 * 60
    /// The most a learned reporting rhythm can stretch the silence before `silent` is raised.
    public var silentMaxAfterSeconds = 12 * 3_600
    /// How far back a phone's stored fixes are read to rebuild its reporting rhythm (after a start
    /// or an eviction).
    public var reportingHistoryHours = 48
    /// At most this many of those fixes, the newest, are read for that rebuild.
    public var reportingHistoryMaxFixes = 2_000
    /// How often the background checks run (`silent`, "there by" deadlines without a fresh sample).
    public var monitorIntervalSeconds = 30
    /// The geo tracker's thresholds, with the settings above that tune it applied.
    public var trackerConfiguration: TrackerConfiguration {
        var tracker = TrackerConfiguration()
        tracker.routineMinimumDays = routineMinimumDays
        return tracker
    }
    /// Seconds between heartbeat comments on open event streams.
    public var eventHeartbeatSeconds = 15
    /// How long events stay available for `Last-Event-ID` replay.
    public var eventRetentionSeconds = 3_600
    /// Most events kept for replay.
    public var eventBufferCapacity = 10_000
    /// Event streams one account may hold open at once, so no account can take the server's
    /// connections for itself; one more is refused with 429.
    public var maxEventStreamsPerAccount = 8
    /// Seconds a webhook receiver (and any other outgoing request) gets to connect and answer.
    public var webhookTimeoutSeconds = 5.0
    /// First retry delay of a failed webhook delivery; doubled on each failure, with jitter.
    public var webhookFirstRetrySeconds = 5.0
    /// Longest delay between two webhook delivery attempts.
    public var webhookMaxRetrySeconds = 3_600.0
    /// A webhook delivery that has not succeeded after this long is given up (`failed`).
    public var webhookGiveUpSeconds = 24 * 3_600
    /// How many times an unanswered SOS, danger or left_zone alert is escalated at most (0: never).
    public var escalationMaxSteps = 5
    /// Where the Web Push (VAPID) key pair is kept; nil: `<database>.vapid` beside the database.
    public var vapidKeyFilePath: String?
    /// Who push services may contact about this server's pushes (`mailto:` or `https:`); empty: the
    /// public base URL when it is https, else `mailto:homeward@localhost`.
    public var vapidSubject = ""

    /// The VAPID subject in force.
    public var effectiveVAPIDSubject: String {
        if !vapidSubject.isEmpty { return vapidSubject }
        return publicBaseURL.lowercased().hasPrefix("https://") ? publicBaseURL : "mailto:homeward@localhost"
    }

    // MARK: Outgoing requests
    /// Hosts (names or addresses) that outgoing requests may reach although they are loopback, private,
    /// link-local or this server's own (a home ntfy on the LAN, a receiver on the same machine); none by default.
    public var outgoingAllowHosts: [String] = []
    /// Outgoing requests in flight at once to one destination (`scheme://host:port`); more wait their turn.
    public var outgoingMaxConcurrentPerDestination = 4
    /// Outgoing requests in flight at once in all.
    public var outgoingMaxConcurrentTransfers = 256
    /// A PEM file of CA certificates that outgoing TLS trusts instead of the system store
    /// (`--outgoing-ca-file`: a private CA for a family's own ntfy, Gotify or mail server; tests use
    /// it so that a throwaway CA stands in for a public one); nil: the system store.
    public var outgoingCAFilePath: String?

    // MARK: Weather
    /// Base URL of Open-Meteo's forecast API (e.g. `https://api.open-meteo.com`) that fills in the
    /// weather of episodes stored without conditions; empty (the default) turns the weather provider off.
    public var weatherURL = ""
    /// Base URL of Open-Meteo's historical archive API (e.g. `https://archive-api.open-meteo.com`), for
    /// episodes older than the forecast API answers for (92 days); empty leaves them without weather.
    public var weatherArchiveURL = ""
    /// Hours of weather (per 0.1° cell) kept in memory; the oldest fetched are forgotten first.
    public var weatherCacheEntries = 10_000
    /// Failed attempts at an episode's weather before the server stops trying.
    public var weatherMaxAttempts = 5
    /// Delay before the second attempt at an episode's weather; doubled after each failure.
    public var weatherFirstRetrySeconds = 60.0
    /// Episodes that started longer ago than this are not given weather (the bound of each pass).
    public var weatherLookbackDays = 92
    // MARK: Email
    /// The mail server alert emails go through, `smtp://host:port` (STARTTLS, required) or
    /// `smtps://host:port` (TLS from the start); empty turns email off. See `smtpServer`.
    public var smtpURL = ""
    /// The address mail is sent from, `alerts@example.org` or `Homeward <alerts@example.org>`;
    /// required with `smtpURL`.
    public var smtpFrom = ""
    /// The user the server logs in to the mail server as; empty sends without logging in.
    public var smtpUsername = ""
    /// The password of `smtpUsername`. Not a flag: `homeward serve` reads it at start from the file
    /// `--smtp-password-file` names, so that it never shows in the process list.
    public var smtpPassword = ""
    /// Lets `smtp://` send without TLS when the mail server does not offer STARTTLS: only for a relay
    /// on the same machine.
    public var smtpAllowPlain = false

    // MARK: MQTT
    /// OwnTracks phones in MQTT mode and Home Assistant, through one MQTT broker (`--mqtt-url`); off
    /// by default (docs/mqtt.md).
    public var mqtt = MQTTSettings()

    /// The address clients reach the server at (e.g. `https://homeward.example.org`), put in front of
    /// share links; empty gives links relative to the server.
    public var publicBaseURL = ""
    /// The bearer token `GET /metrics` asks for; empty answers it only to a client on this machine
    /// that came straight to the socket (loopback, without forwarding headers).
    public var metricsToken = ""

    /// The web app's map: tile server and attribution.
    public var webApp = WebAppSettings()

    /// Creates the defaults.
    public init() {}

    private static var defaultHTTPConfiguration: HTTPServerConfiguration {
        var http = HTTPServerConfiguration()
        http.workerCount = defaultWorkerCount
        http.eventLoopCount = defaultEventLoopCount
        return http
    }
}

extension AppConfiguration {
    /// The PostgreSQL URL when `databasePath` is one (`postgres://` or `postgresql://`), else nil.
    public var postgresURL: String? {
        databasePath.hasPrefix("postgres://") || databasePath.hasPrefix("postgresql://") ? databasePath : nil
    }

    /// Where the files kept beside the database go, as a path without extension: the SQLite file's
    /// own path, or `./homeward` in the working directory on PostgreSQL.
    public var besideDatabasePath: String {
        postgresURL == nil ? databasePath : "./homeward"
    }
}
