import HomewardHTTP

/// The body of POST /v1/trips/{id}/events: the workflow action, and for an action pressed while
/// offline (PickMe buffers them and sends them later) when and where it was pressed.
public struct TripEventRequest: Sendable, Decodable {
    /// Where the action was pressed.
    public struct Place: Sendable, Decodable, Equatable {
        /// Latitude in degrees.
        public var lat: Double
        /// Longitude in degrees.
        public var lon: Double
        /// Accuracy in metres, if known.
        public var accuracy: Double?
    }

    /// The workflow action.
    public var type: TripEventType
    /// When it was pressed (RFC 3339 or Unix seconds); the moment it arrives when absent.
    public var t: Timestamp?
    /// Where it was pressed; without it, the traveller's last fix at `t`.
    public var location: Place?

    /// Throws 400 naming the field when `t` lies before the trip's start or more than
    /// `IngestLimits.maxFutureMilliseconds` ahead of `now`, or `location` is out of range.
    func validate(tripStartedAt start: Timestamp, now: Timestamp) throws(HTTPError) {
        if let t {
            guard t >= start else { throw .invalidRequest("t must not lie before the trip started.", field: "t") }
            guard t.unixMilliseconds <= now.unixMilliseconds + IngestLimits.maxFutureMilliseconds else {
                throw .invalidRequest("t must not be more than 10 minutes in the future.", field: "t")
            }
        }
        if let location {
            guard location.lat.isFinite, location.lon.isFinite, (-90...90).contains(location.lat), (-180...180).contains(location.lon),
                  (location.accuracy ?? 0) >= 0, (location.accuracy ?? 0).isFinite else {
                throw .invalidRequest("location must be a valid lat/lon with accuracy ≥ 0.", field: "location")
            }
        }
    }
}
