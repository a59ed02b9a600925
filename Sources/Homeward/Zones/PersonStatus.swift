/// What the geo reactions currently conclude about one person, as the guardian views show it
/// (`status.state`, `status.zone`, `status.wandering`).
public struct PersonStatus: Sendable, Equatable {
    /// A wandering episode in progress.
    public struct Wandering: Sendable, Equatable, Codable {
        /// `lapping`, `pacing`, `random` or `far_from_home`.
        public var pattern: String
        /// When it started.
        public var since: Timestamp
        /// How sure the detector is, 0 to 1.
        public var score: Double

        /// Creates an episode.
        public init(pattern: String, since: Timestamp, score: Double) {
            self.pattern = pattern
            self.since = since
            self.score = score
        }
    }

    /// `moving` or `stationary`; nil leaves it to the views (`unknown` without recent fixes).
    public var state: String?
    /// The name of the safe zone the person is in, if any.
    public var zone: String?
    /// The wandering episode in progress, if any.
    public var wandering: Wandering?
    /// Distance from the home zone in metres, when there is one.
    public var distanceFromHomeMetres: Double?

    /// Creates a status.
    public init(state: String? = nil, zone: String? = nil, wandering: Wandering? = nil, distanceFromHomeMetres: Double? = nil) {
        self.state = state
        self.zone = zone
        self.wandering = wandering
        self.distanceFromHomeMetres = distanceFromHomeMetres
    }
}
