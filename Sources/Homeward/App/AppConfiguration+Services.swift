/// Each service's settings taken from the configuration, in one place: the composition root hands
/// a service `Settings(configuration)` and never copies a value by hand.
extension ZoneLimits {
    /// The zone limits `configuration` sets.
    init(_ configuration: AppConfiguration) {
        self.init(
            minRadiusMetres: configuration.zoneMinRadiusMetres, maxRadiusMetres: configuration.zoneMaxRadiusMetres,
            maxPolygonVertices: configuration.zoneMaxPolygonVertices, maxPolygonSpanMetres: configuration.zoneMaxPolygonSpanMetres,
            unaccompaniedMinWithinMetres: configuration.unaccompaniedMinWithinMetres,
            unaccompaniedMaxWithinMetres: configuration.unaccompaniedMaxWithinMetres,
            maxZonesPerAccount: configuration.maxZonesPerAccount)
    }
}

extension ZoneObserverSettings {
    /// The geo trackers' memory, recall and thresholds `configuration` sets.
    init(_ configuration: AppConfiguration) {
        self.init(
            maxTrackedPeople: configuration.maxTrackedPeople, routineHistoryDays: configuration.routineHistoryDays,
            routineHistoryMaxFixes: configuration.routineHistoryMaxFixes, routineHistoryMaxAgeDays: configuration.routineHistoryMaxAgeDays,
            trackerRecallMinutes: configuration.trackerRecallMinutes, trackerRecallMaxFixes: configuration.trackerRecallMaxFixes,
            maxLearnedPlaces: configuration.maxLearnedPlaces,
            falseAlarmMaxTuningSteps: configuration.falseAlarmMaxTuningSteps,
            unaccompaniedGuardianFixMaxAgeSeconds: configuration.unaccompaniedGuardianFixMaxAgeSeconds,
            sharesPeopleWithOtherNodes: configuration.postgresURL != nil)
    }
}

extension TripConfiguration {
    /// The trip rules with their settings and the timer `configuration` sets.
    init(_ configuration: AppConfiguration) {
        self.init(
            overdue: OverdueRule(configuration), stalled: StalledRule(configuration),
            timerIntervalSeconds: configuration.tripTimerIntervalSeconds)
    }
}

extension OutgoingHTTPClient {
    /// The client with the timeout, concurrency, trusted CAs and allowed hosts `configuration` sets.
    convenience init(_ configuration: AppConfiguration) {
        self.init(configuration: Configuration(configuration), policy: OutgoingAddressPolicy(allowedHosts: configuration.outgoingAllowHosts))
    }
}

extension IngestLimits {
    /// The ingest's accuracy and speed limits `configuration` sets.
    init(_ configuration: AppConfiguration) {
        self.init(
            poorAccuracyMetres: configuration.poorAccuracyMetres,
            maxPlausibleSpeedMetresPerSecond: configuration.maxPlausibleSpeedMetresPerSecond)
    }
}

extension EventStreamLimits {
    /// The event streams' limits `configuration` sets.
    init(_ configuration: AppConfiguration) {
        self.init(
            heartbeatSeconds: configuration.eventHeartbeatSeconds, retentionSeconds: configuration.eventRetentionSeconds,
            bufferCapacity: configuration.eventBufferCapacity, maxStreamsPerAccount: configuration.maxEventStreamsPerAccount)
    }
}

extension ReportingSettings {
    /// The silence rule and the rhythm rebuild `configuration` sets.
    init(_ configuration: AppConfiguration) {
        self.init(
            silentAfterSeconds: configuration.silentAfterSeconds, silentMaxAfterSeconds: configuration.silentMaxAfterSeconds,
            historyHours: configuration.reportingHistoryHours, historyMaxFixes: configuration.reportingHistoryMaxFixes,
            maxTrackedPeople: configuration.maxTrackedPeople)
    }
}

extension OutgoingHTTPClient.Configuration {
    /// The outgoing requests' timeout, concurrency and trusted CAs `configuration` sets.
    init(_ configuration: AppConfiguration) {
        self.init()
        timeoutSeconds = configuration.webhookTimeoutSeconds
        maxConcurrentPerDestination = configuration.outgoingMaxConcurrentPerDestination
        maxConcurrentTransfers = configuration.outgoingMaxConcurrentTransfers
        caFilePath = configuration.outgoingCAFilePath
    }
}

extension DeliveryRetryPolicy {
    /// The delivery retries `configuration` sets.
    init(_ configuration: AppConfiguration) {
        self.init(
            firstRetrySeconds: configuration.webhookFirstRetrySeconds, maxRetrySeconds: configuration.webhookMaxRetrySeconds,
            giveUpSeconds: configuration.webhookGiveUpSeconds)
    }
}

extension WeatherSettings {
    /// The weather provider `configuration` sets.
    init(_ configuration: AppConfiguration) {
        self.init(
            forecastURL: configuration.weatherURL, archiveURL: configuration.weatherArchiveURL,
            cacheEntries: configuration.weatherCacheEntries, maxAttempts: configuration.weatherMaxAttempts,
            firstRetrySeconds: configuration.weatherFirstRetrySeconds, lookbackDays: configuration.weatherLookbackDays)
    }
}

extension CountdownLimits {
    /// The countdown bounds `configuration` sets.
    init(_ configuration: AppConfiguration) {
        self.init(
            minSeconds: configuration.countdownMinSeconds, maxSeconds: configuration.countdownMaxSeconds,
            defaultSeconds: configuration.countdownDefaultSeconds)
    }
}

extension PasswordHashingConfiguration {
    /// The argon2id cost and concurrency `configuration` sets.
    init(_ configuration: AppConfiguration) {
        self.init(
            iterations: UInt64(configuration.passwordHashIterations), memoryBytes: configuration.passwordHashMemoryBytes,
            maxConcurrentHashes: configuration.maxConcurrentPasswordHashes)
    }
}

extension LoginLimits {
    /// The failed-login limits `configuration` sets, counted by `rateLimiter`.
    init(rateLimiter: RateLimiter, _ configuration: AppConfiguration) {
        self.init(
            rateLimiter: rateLimiter, maxFailuresPerPhone: configuration.maxFailedAttempts,
            windowSeconds: configuration.failedAttemptWindowSeconds)
    }
}
