import HomewardHTTP
import HomewardStore

/// What `GET /v1/events` does: opens a stream for the caller, within the streams one account may hold
/// open, carrying what the caller's grants (read when it opens) let them see.
struct EventStreamService: Sendable {
    /// The grants of the caller are read from it when a stream opens.
    let database: any DatabaseReader
    /// The open streams, which a new one joins.
    let eventStreams: EventStreamHub
    /// The streams one account may hold open, and the heartbeat interval: the wait an account over
    /// that limit is told to keep.
    let limits: EventStreamLimits

    /// A stream of the caller's events after `lastEventID`; 429 while the account has
    /// `maxStreamsPerAccount` open.
    func open(for caller: Caller, after lastEventID: UInt64?) throws -> HTTPResponse {
        guard eventStreams.openStreamCount(of: caller.accountKey) < limits.maxStreamsPerAccount else {
            throw HTTPError.rateLimited(
                retryAfterSeconds: limits.heartbeatSeconds,
                reason: "This account has \(limits.maxStreamsPerAccount) event streams open already; close one first")
        }
        let eventStreams = eventStreams
        eventStreams.hearOtherNodesPositions()
        let grants = try database.read { db in try eventStreams.grants(of: caller, in: db) }
        let headers: HTTPHeaders = [
            "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache", "X-Accel-Buffering": "no",
        ]
        return .stream(headers: headers) { writer in
            eventStreams.attach(writer, caller: caller, grants: grants, after: lastEventID)
        }
    }
}
