extension ServerSettings {
    /// How often overdue and stalled trips are looked for (when they are is the rules' settings:
    /// `OverdueRule.margin`, `StalledRule.after`).
    static let trips: [ServerSetting] = [
        .value("trip-timer-interval-seconds", \.tripTimerIntervalSeconds,
               "Seconds between two checks for overdue and stalled trips", check: .atLeast(1)),
    ]
}
