import Foundation
import HomewardHTTP

/// GET /v1/events: a `text/event-stream` of `location`, `alert` and `trip` events about the people
/// the caller guards or accompanies; `Last-Event-ID` (or `?lastEventId=`) resumes after a reconnect.
func registerEventRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, events: EventStreamService) {
    signedIn.get("/v1/events", on: &router) { context, caller in
        let lastEventText = context.request.headers["Last-Event-ID"] ?? context.query["lastEventId"]
        let lastEventID = try lastEventText.map { text throws(HTTPError) -> UInt64 in
            guard let id = UInt64(text.trimmingCharacters(in: .whitespaces)) else {
                throw .invalidRequest("Last-Event-ID must be an id this server sent.", field: "Last-Event-ID")
            }
            return id
        }
        return try events.open(for: caller, after: lastEventID)
    }
}
