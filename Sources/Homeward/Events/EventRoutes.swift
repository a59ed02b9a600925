import Foundation
import HomewardHTTP

/// GET /v1/events: a `text/event-stream` of `location`, `alert` and `trip` events about the people
/// the caller guards or accompanies; `Last-Event-ID` (or `?lastEventId=`) resumes after a reconnect.
func registerEventRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: EventRoutesDependencies) {
    signedIn.get("/v1/events", on: &router) { context, caller in
        let lastEventText = context.request.headers["Last-Event-ID"] ?? context.query["lastEventId"]
        let lastEventID = try lastEventText.map { text throws(HTTPError) -> UInt64 in
            guard let id = UInt64(text.trimmingCharacters(in: .whitespaces)) else {
                throw .invalidRequest("Last-Event-ID must be an id this server sent.", field: "Last-Event-ID")
            }
            return id
        }
        guard services.eventStreams.openStreamCount(of: caller.accountKey) < services.limits.maxStreamsPerAccount else {
            throw HTTPError.rateLimited(
                retryAfterSeconds: services.limits.heartbeatSeconds,
                reason: "This account has \(services.limits.maxStreamsPerAccount) event streams open already; close one first")
        }
        let grants = try services.database.read { db in try services.eventStreams.grants(of: caller, in: db) }
        let headers: HTTPHeaders = [
            "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache", "X-Accel-Buffering": "no",
        ]
        return .stream(headers: headers) { writer in
            services.eventStreams.attach(writer, caller: caller, grants: grants, after: lastEventID)
        }
    }
}
