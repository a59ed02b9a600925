/// Where a trip is in its life (`status` in the trips API).
public enum TripStatus: String, Sendable, Codable, CaseIterable {
    /// Under way: progress is followed, companions see it, its alerts may fire.
    case active
    /// The traveller said they arrived; the trip is history.
    case arrived
}
