import Foundation
extension AppConfiguration {
    /// What is wrong with these settings, one sentence each naming the setting; empty when the
    /// server can start with them. `homeward serve` refuses to start while any is reported.
    public var problems: [String] {
        var found: [String] = []
        func require(_ condition: Bool, _ message: String) {
            if !condition { found.append(message) }
        }
        require((0...65_535).contains(port), "port must be between 0 and 65535")
        require(http.eventLoopCount >= 1, "event-loops must be at least 1")
        require(http.workerCount >= 1, "workers must be at least 1")
        require(http.readWorkerCount >= 0, "read-workers must not be negative")
        require(http.urgentWorkerCount >= 1, "urgent-workers must be at least 1")
        require(http.bulkWorkerCount >= 1, "bulk-workers must be at least 1")
        require(http.maxConnections >= 1, "max-connections must be at least 1")
        require(http.maxQueuedRequests >= 0, "max-queued-requests must not be negative")
        require(http.maxRequestLineBytes >= 64, "max-request-line-bytes must be at least 64")
        require(http.maxHeaderBytes >= 256, "max-header-bytes must be at least 256")
        require(http.maxHeaderCount >= 1, "max-header-count must be at least 1")
        require(http.maxBodyBytes >= 1, "max-body-bytes must be at least 1")
        require(http.maxDecodedBodyBytes >= http.maxBodyBytes, "max-decoded-body-bytes must be at least max-body-bytes")
        for (name, seconds) in [
            ("header-read-timeout-seconds", http.headerReadTimeoutSeconds), ("body-read-timeout-seconds", http.bodyReadTimeoutSeconds),
            ("idle-timeout-seconds", http.idleTimeoutSeconds), ("write-timeout-seconds", http.writeTimeoutSeconds),
        ] {
            require(seconds > 0, "\(name) must be positive")
        }
        require(http.shutdownGracePeriodSeconds >= 0, "shutdown-grace-seconds must not be negative")
        require(databaseReaderCount >= 1, "database-readers must be at least 1")
        require((1...1000).contains(databaseConnections), "database-connections must be 1 to 1000")
        require(sessionLifetimeSeconds >= 60, "session-lifetime-seconds must be at least 60")
        require((LinkService.minCodeLifetimeSeconds...LinkService.maxCodeLifetimeSeconds).contains(verificationCodeLifetimeSeconds),
                "verification-code-lifetime-seconds must be between \(LinkService.minCodeLifetimeSeconds) and \(LinkService.maxCodeLifetimeSeconds)")
        require(LinkService.maxLinksPerChosenCodeRange.contains(maxLinksPerChosenCode),
                "max-links-per-code must be between \(LinkService.maxLinksPerChosenCodeRange.lowerBound) and \(LinkService.maxLinksPerChosenCodeRange.upperBound)")
        require(defaultCountry.isEmpty || CallingCountry(isoCode: defaultCountry) != nil,
                "default-country must be an ISO country code Homeward knows the phone numbers of, e.g. GB")
        require(passwordHashIterations >= 1, "password-hash-iterations must be at least 1")
        require(passwordHashMemoryBytes >= 8_192, "password-hash-memory-bytes must be at least 8192")
        require(maxConcurrentPasswordHashes >= 1, "max-concurrent-password-hashes must be at least 1")
        require(maxFailedAttempts >= 1, "max-failed-attempts must be at least 1")
        require(failedAttemptWindowSeconds >= 1, "failed-attempt-window-seconds must be at least 1")
        require(retentionDays >= 0, "retention-days must not be negative")
        require(retentionIntervalSeconds >= 1, "retention-interval-seconds must be at least 1")
        require(zoneMinRadiusMetres > 0 && zoneMinRadiusMetres <= zoneMaxRadiusMetres,
                "zone-min-radius-metres must be positive and at most zone-max-radius-metres")
        require((countdownMinSeconds...countdownMaxSeconds).contains(countdownDefaultSeconds) && countdownMinSeconds >= 1,
                "countdown-default-seconds must lie between countdown-min-seconds (at least 1) and countdown-max-seconds")
        for (name, seconds) in [
            ("trip-timer-interval-seconds", tripTimerIntervalSeconds), ("monitor-interval-seconds", monitorIntervalSeconds),
            ("event-heartbeat-seconds", eventHeartbeatSeconds), ("silent-after-seconds", silentAfterSeconds),
        ] {
            require(seconds >= 1, "\(name) must be at least 1")
        }
        require(silentMaxAfterSeconds >= silentAfterSeconds, "silent-max-after-seconds must be at least silent-after-seconds")
        require(reportingHistoryHours >= 0, "reporting-history-hours must not be negative")
        require(reportingHistoryMaxFixes >= 0, "reporting-history-max-fixes must not be negative")
        require(unaccompaniedMinWithinMetres > 0 && unaccompaniedMinWithinMetres <= unaccompaniedMaxWithinMetres,
                "unaccompanied-min-within-metres must be positive and at most unaccompanied-max-within-metres")
        require(unaccompaniedGuardianFixMaxAgeSeconds >= 1, "unaccompanied-guardian-fix-max-age-seconds must be at least 1")
        require(eventBufferCapacity >= 1, "event-buffer-capacity must be at least 1")
        require(maxEventStreamsPerAccount >= 1, "max-event-streams-per-account must be at least 1")
        require(maxTrackedPeople >= 1, "max-tracked-people must be at least 1")
        require(outgoingCAFilePath.map { FileManager.default.isReadableFile(atPath: $0) } ?? true,
                "outgoing-ca-file must name a readable PEM file")
        require((0...50).contains(escalationMaxSteps), "escalation-max-steps must be 0 to 50")
        require(OutgoingURL(telegramAPIURL) != nil, "telegram-api-url must be an https:// or http:// URL")
        require(vapidSubject.isEmpty || vapidSubject.hasPrefix("mailto:") || vapidSubject.hasPrefix("https://"),
                "vapid-subject must be a mailto: or https: address")
        require(outgoingMaxConcurrentPerDestination >= 1, "outgoing-max-concurrent-per-destination must be at least 1")
        require(outgoingMaxConcurrentTransfers >= outgoingMaxConcurrentPerDestination,
                "outgoing-max-concurrent-transfers must be at least outgoing-max-concurrent-per-destination")
        require(routineMinimumDays >= 0, "routine-minimum-days must not be negative")
        require(weatherURL.isEmpty || OutgoingURL(weatherURL) != nil, "weather-url must be an http or https URL")
        require(weatherArchiveURL.isEmpty || OutgoingURL(weatherArchiveURL) != nil, "weather-archive-url must be an http or https URL")
        require(weatherArchiveURL.isEmpty || !weatherURL.isEmpty, "weather-archive-url needs weather-url")
        require(weatherCacheEntries >= 1, "weather-cache-entries must be at least 1")
        require(weatherMaxAttempts >= 1, "weather-max-attempts must be at least 1")
        require(weatherFirstRetrySeconds > 0, "weather-first-retry-seconds must be positive")
        require(weatherLookbackDays >= 1, "weather-lookback-days must be at least 1")
        found += smtpProblems
        require(routineHistoryDays >= 0, "routine-history-days must not be negative")
        require(routineHistoryMaxFixes >= 0, "routine-history-max-fixes must not be negative")
        require(trackerRecallMinutes >= 0, "tracker-recall-minutes must not be negative")
        require(trackerRecallMaxFixes >= 0, "tracker-recall-max-fixes must not be negative")
        require(maxLearnedPlaces >= 1, "max-learned-places must be at least 1")
        require(maxImportUploadBytes >= 1, "max-import-upload-bytes must be at least 1")
        require(maxRunningImportsPerAccount >= 1, "max-running-imports-per-account must be at least 1")
        require(maxRunningImports >= 1, "max-running-imports must be at least 1")
        require(falseAlarmMaxTuningSteps >= 0, "false-alarm-max-tuning-steps must not be negative")
        return found
    }
}
