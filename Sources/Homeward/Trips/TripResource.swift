import HomewardGeo

/// A trip as the API shows it: `{id, status, phase, mode, account, origin?, destination, route?,
/// expectedArrival?, passengers?, passengersAboard, accessCode?, startedAt, endedAt?, progress?,
/// events?}`.
public struct TripResource: Sendable, Codable, Equatable {
    /// Where the trip stands, from the kept state (never recomputed from history).
    public struct Progress: Sendable, Codable, Equatable {
        /// Metres still to go (along the route when there is one).
        public var distanceRemaining: Double
        /// Estimated seconds to arrival, from the last position.
        public var etaSeconds: Double
        /// The estimated arrival time.
        public var eta: Timestamp
        /// Whether the traveller is confirmed off the route.
        public var offRoute: Bool
        /// The last position used, or nil when progress is estimated from the origin.
        public var lastLocation: TripFix?
    }

    /// Opaque trip id.
    public var id: String
    /// Active or arrived.
    public var status: TripStatus
    /// Moving or stopped (the driving workflow).
    public var phase: TripPhase
    /// How the traveller goes.
    public var mode: TravelMode
    /// The traveller.
    public var account: AlertResource.AccountSummary
    /// Where the trip starts, if given.
    public var origin: TripPlace?
    /// Where the trip ends.
    public var destination: TripPlace
    /// The planned route, if any (only on the trip itself, not in lists).
    public var route: [Coordinate]?
    /// When the traveller expects to arrive, if given.
    public var expectedArrival: Timestamp?
    /// Passengers the trip is for, if given.
    public var passengers: Int?
    /// Passengers picked up and not yet dropped off.
    public var passengersAboard: Int
    /// The code companions join with; only in the answer that created the trip.
    public var accessCode: String?
    /// When the trip started.
    public var startedAt: Timestamp
    /// When it arrived.
    public var endedAt: Timestamp?
    /// Progress, once a position or an origin is known.
    public var progress: Progress?
    /// The workflow events, oldest first (only on the trip itself, not in lists).
    public var events: [TripEventResource]?
    /// The traveller's unanswered SOS and danger alerts raised during the trip (only for a companion
    /// following it on /v1/trips/watch, whose page has no event stream to hear them on).
    public var emergencies: [AlertResource]? = nil
}
