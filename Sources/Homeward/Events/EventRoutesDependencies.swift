import HomewardStore

/// What `GET /v1/events` uses: the open streams and their limits, and the database their grants
/// are read from.
struct EventRoutesDependencies: Sendable {
    /// The grants of the caller are read from it when a stream opens.
    let database: any DatabaseReader
    /// The open streams, which a new one joins.
    let eventStreams: EventStreamHub
    /// The streams one account may hold open, and the heartbeat interval: the wait an account over
    /// that limit is told to keep.
    let limits: EventStreamLimits
}
