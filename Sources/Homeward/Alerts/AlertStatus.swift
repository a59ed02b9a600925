/// Where an alert is in its life.
public enum AlertStatus: String, Sendable, Codable, CaseIterable {
    /// A countdown that has not fired yet.
    case pending
    /// Needs attention.
    case open
    /// A guardian has seen it; the cause has not ended.
    case acknowledged
    /// Its cause ended.
    case resolved
    /// A countdown cancelled in time.
    case cancelled

    /// Statuses in which an alert still stands for its cause (at most one per account and cause).
    public static let active: [AlertStatus] = [.pending, .open, .acknowledged]
}
