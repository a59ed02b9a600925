/// The workflow state of an active trip (`phase` in the trips API).
public enum TripPhase: String, Sendable, Codable, CaseIterable {
    /// On the way; a lack of progress counts towards `stalled`.
    case moving
    /// Halted at a stopover; a lack of progress is expected and does not count.
    case stopped
}
