/// An ongoing wandering episode, as `status.wandering` reports it.
public struct Wandering: Sendable, Equatable, Codable {
    /// The pattern seen.
    public var pattern: WanderingPattern
    /// When the episode started.
    public var since: UnixSeconds
    /// How clearly the pattern shows, 0...1.
    public var score: Double
}
