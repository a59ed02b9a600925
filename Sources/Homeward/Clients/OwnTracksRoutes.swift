import Foundation
import HomewardHTTP
import HomewardStore

/// `POST /v1/clients/owntracks`: OwnTracks in HTTP mode, and `POST /v1/accounts/{id}/locate`, a
/// guardian's request for a fresh position that the phone hears as a `reportLocation` command.
///
/// What a message means is `OwnTracksService`'s (shared with MQTT mode); here it comes as the body,
/// opened with the device's payload secret when `encrypted` (and every reply object is sealed with
/// it), and a zero-length body is acknowledged and ignored. The reply carries the caller's own and
/// dependents' latest positions as OwnTracks `card` and `location` objects, so the unmodified app
/// shows them as friends on its map, followed by the `cmd` objects due (`setWaypoints`,
/// `reportLocation`). Dependents only for a session, the password, or a device key made to read
/// others (`CallerReach`); a key from the URL query gets an empty array: it writes and reads nothing.
/// A locate request is also published at once to the person's phones in MQTT mode (`OwnTracksService.onLocate`).
func registerOwnTracksRoutes(
    on router: inout Router, trackingClient: AuthenticatedRoutes, signedIn: AuthenticatedRoutes,
    owntracks: OwnTracksService
) {
    trackingClient.post("/v1/clients/owntracks", on: &router) { context, caller in
        let box = try owntracks.payloadBox(ofDevice: caller.deviceID)
        if !context.request.body.isEmpty {
            let message: [String: Any]
            do throws(OwnTracksService.MessageError) {
                message = try owntracks.open(context.request.body, with: box)
            } catch {
                throw HTTPError.invalidRequest(error.message, field: error == .notAnObject ? nil : "data")
            }
            try owntracks.store(message, of: caller)
        }
        var reply: [[String: Any]] = []
        for friend in try owntracks.friends(of: caller, includingCaller: true) {
            let topic = "owntracks/homeward/\(friend.accountID)"
            reply.append(friend.card.merging(["topic": topic]) { $1 })
            if let location = friend.location { reply.append(location.merging(["topic": topic]) { $1 }) }
        }
        reply += try owntracks.commands(for: caller)
        if let box {
            reply = try reply.map { ["_type": "encrypted", "data": box.seal(Array(try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys])))] }
        }
        return HTTPResponse(
            headers: ["Content-Type": "application/json; charset=utf-8"],
            bytes: Array(try JSONSerialization.data(withJSONObject: reply, options: [.sortedKeys, .withoutEscapingSlashes]))
        )
    }
    signedIn.post("/v1/accounts/{id}/locate", on: &router) { context, caller in
        try owntracks.requestLocation(of: try context.parameter("id"), by: caller)
        return .json(LocateResponse(requested: true), status: .accepted)
    }
}

/// The answer of `POST /v1/accounts/{id}/locate`: the request is queued for the phone's next post.
struct LocateResponse: Encodable {
    var requested: Bool
}
