extension ServerSettings {
    /// When a trip is overdue or stalled, and how often that is looked at.
    static let trips: [ServerSetting] = [
        .value("trip-overdue-margin-seconds", \.tripOverdueMarginSeconds,
               "Seconds after the expected arrival (or the start plus the ETA) before a trip is overdue"),
        .value("trip-stalled-after-seconds", \.tripStalledAfterSeconds, "Seconds without progress before a moving trip is stalled"),
        .value("trip-timer-interval-seconds", \.tripTimerIntervalSeconds,
               "Seconds between two checks for overdue and stalled trips", check: .atLeast(1)),
    ]
}
