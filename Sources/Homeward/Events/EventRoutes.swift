import Foundation
import HomewardHTTP

/// GET /v1/events: a `text/event-stream` of `location`, `alert` and `trip` events about the people
/// the caller guards or accompanies; `Last-Event-ID` (or `?lastEventId=`) resumes after a reconnect.
func registerEventRoutes(on router: inout Router, app: HomewardApp) {
    let signedIn = AuthenticatedRoutes.session(app.authenticator)
    signedIn.get("/v1/events", on: &router) { context, caller in
        let lastEventText = context.request.headers["Last-Event-ID"] ?? context.query["lastEventId"]
        let lastEventID = try lastEventText.map { text throws(HTTPError) -> UInt64 in
            guard let id = UInt64(text.trimmingCharacters(in: .whitespaces)) else {
                throw .invalidRequest("Last-Event-ID must be an id this server sent.", field: "Last-Event-ID")
            }
            return id
        }
        guard app.eventStreams.openStreamCount(of: caller.accountKey) < app.configuration.maxEventStreamsPerAccount else {
            throw HTTPError.rateLimited(
                retryAfterSeconds: app.configuration.eventHeartbeatSeconds,
                reason: "This account has \(app.configuration.maxEventStreamsPerAccount) event streams open already; close one first")
        }
        let grants = try app.database.read { db in try app.eventStreams.grants(of: caller, in: db) }
        let headers: HTTPHeaders = [
            "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache", "X-Accel-Buffering": "no",
        ]
        return .stream(headers: headers) { writer in
            app.eventStreams.attach(writer, caller: caller, grants: grants, after: lastEventID)
        }
    }
}
