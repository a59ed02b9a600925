import Foundation

extension ServerSettings {
    /// Countdowns, silence, event streams, webhooks, escalation, channels and outgoing requests.
    static let alerts: [ServerSetting] = [
        .value("countdown-min-seconds", \.countdownMinSeconds, "Shortest countdown in seconds"),
        .value("countdown-max-seconds", \.countdownMaxSeconds, "Longest countdown in seconds"),
        .value("countdown-default-seconds", \.countdownDefaultSeconds, "Countdown length in seconds when not given",
               check: .that("must lie between countdown-min-seconds (at least 1) and countdown-max-seconds") { seconds, configuration in
                   configuration.countdownMinSeconds >= 1 && configuration.countdownMinSeconds <= seconds
                       && seconds <= configuration.countdownMaxSeconds
               }),
        .value("silent-after-seconds", \.silentAfterSeconds,
               "Seconds without a sign of life, for a person with a home zone or an active trip, before silent is raised until their phone's rhythm is learned; the least silence that raises it once it is",
               check: .atLeast(1)),
        .value("silent-max-after-seconds", \.silentMaxAfterSeconds,
               "The most a phone's learned rhythm (quiet for hours while still) can stretch the silence before silent is raised",
               check: .that("must be at least silent-after-seconds") { seconds, configuration in seconds >= configuration.silentAfterSeconds }),
        .value("reporting-history-hours", \.reportingHistoryHours,
               "Hours of a phone's stored fixes read to rebuild its reporting rhythm after a start or an eviction", check: .notNegative),
        .value("reporting-history-max-fixes", \.reportingHistoryMaxFixes,
               "Most stored fixes (the newest) read for that rebuild", check: .notNegative),
        .value("monitor-interval-seconds", \.monitorIntervalSeconds, "Seconds between the silent and there-by checks", check: .atLeast(1)),
        .value("event-heartbeat-seconds", \.eventHeartbeatSeconds,
               "Seconds between heartbeat comments on event streams", check: .atLeast(1)),
        .value("event-retention-seconds", \.eventRetentionSeconds, "Seconds events stay available for Last-Event-ID replay"),
        .value("event-buffer-capacity", \.eventBufferCapacity, "Events kept in memory for replay at most", check: .atLeast(1)),
        .value("max-event-streams-per-account", \.maxEventStreamsPerAccount,
               "Event streams one account may hold open at once; one more gets 429, so no account can take the server's connections",
               check: .atLeast(1)),
        .value("webhook-timeout-seconds", \.webhookTimeoutSeconds,
               "Seconds a webhook receiver gets to answer (connect, TLS and answer)"),
        .value("webhook-first-retry-seconds", \.webhookFirstRetrySeconds,
               "First webhook retry delay in seconds, doubled per failure with jitter"),
        .value("webhook-max-retry-seconds", \.webhookMaxRetrySeconds, "Longest delay between webhook attempts in seconds"),
        .value("webhook-give-up-seconds", \.webhookGiveUpSeconds, "Seconds after which an undelivered webhook is marked failed"),
        .value("escalation-max-steps", \.escalationMaxSteps,
               "Escalations at most of an SOS, danger or left_zone alert nobody acknowledges (each sent again to everyone told so far and to the next guardian in the person's order); 0 turns escalation off",
               check: .from(0...50)),
        .parsed("vapid-key-file", \.vapidKeyFilePath, "The Web Push (VAPID) key file, created with mode 0600 on first start",
                shownDefault: "`<database path>.vapid` (`./homeward.vapid` on PostgreSQL)", show: { _ in "" }) { $0 },
        .value("vapid-subject", \.vapidSubject, "Who push services may contact about this server's pushes, `mailto:` or `https:`",
               defaultNote: "the public base URL when https, else mailto:homeward@localhost",
               check: .that("must be a mailto: or https: address") { subject, _ in
                   subject.isEmpty || subject.hasPrefix("mailto:") || subject.hasPrefix("https://")
               }),
        .parsed("outgoing-ca-file", \.outgoingCAFilePath,
                "A PEM file of CA certificates outgoing requests trust instead of the system store, for a private CA (your own ntfy, Gotify or mail server behind it); append `/etc/ssl/certs/ca-certificates.crt` to it to keep reaching public services",
                shownDefault: "the system store",
                check: .that("must name a readable PEM file") { path, _ in path.map { FileManager.default.isReadableFile(atPath: $0) } ?? true },
                show: { _ in "" }) { $0.isEmpty ? nil : $0 },
        .parsed("outgoing-allow-hosts", \.outgoingAllowHosts,
                "Hosts (names or addresses, comma-separated) that webhooks may reach although they are loopback, private, link-local or this server's own",
                shownDefault: "none", show: { _ in "" }) { text in
            text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        },
        .value("outgoing-max-concurrent-per-destination", \.outgoingMaxConcurrentPerDestination,
               "Outgoing requests in flight at once to one `scheme://host:port`; more wait their turn", check: .atLeast(1)),
        .value("outgoing-max-concurrent-transfers", \.outgoingMaxConcurrentTransfers, "Outgoing requests in flight at once in all",
               check: .that("must be at least outgoing-max-concurrent-per-destination") { transfers, configuration in
                   transfers >= configuration.outgoingMaxConcurrentPerDestination
               }),
    ]
}
