/// Whether a phone is heard as often as it usually reports.
public enum ReportingState: String, Sendable, Codable, CaseIterable {
    /// Heard within its usual interval (a still phone's heartbeats count).
    case fine
    /// Later than usual, not yet silent.
    case quiet
    /// Unheard beyond its learned limit, or its battery has most likely run out: the `silent` alert.
    case silent
}
