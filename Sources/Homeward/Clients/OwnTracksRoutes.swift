import Foundation
import HomewardGeo
import HomewardHTTP
import HomewardStore

/// `POST /v1/clients/owntracks`: OwnTracks in HTTP mode. Stores `location` and the position of a
/// `transition`, whose `enter`/`leave` of a region named like one of the person's safe zones
/// confirms that zone's entry or exit at once (`ReportedZoneCrossing`); ignores other types and
/// zero-length bodies, and answers with the caller's own and dependents' latest positions as
/// OwnTracks `card` and `location` objects, so the unmodified app shows them as friends on its map.
/// Dependents only for a session, the password, or a device key made to read others (`CallerReach`);
/// a key from the URL query gets an empty array: it writes and reads nothing.
func registerOwnTracksRoutes(on router: inout Router, app: HomewardApp) {
    let ingest = IngestService(app: app)
    router.post("/v1/clients/owntracks") { context in
        let caller = try app.authenticator.authenticateClient(context)
        if !context.request.body.isEmpty {
            guard let message = ClientValues.object(context.request.body) else {
                throw HTTPError.invalidRequest("The body must be an OwnTracks JSON message.")
            }
            let type = message["_type"] as? String
            if type == "location" || type == "transition", let sample = ownTracksSample(message) {
                // A malformed fix is acknowledged (and counted as rejected): OwnTracks would resend it forever.
                _ = try ingest.storeLocations([sample], of: caller)
            }
        }
        return try ownTracksFriends(of: caller, app: app)
    }
}

/// The fix of an OwnTracks `location` or `transition` message, in the API's units, with the
/// transition's region crossing.
func ownTracksSample(_ message: [String: Any]) -> LocationSample? {
    guard let time = ClientValues.time(message["tst"]), let lat = ClientValues.number(message["lat"]),
          let lon = ClientValues.number(message["lon"]) else { return nil }
    var sample = LocationSample(
        time: time, lat: lat, lon: lon,
        accuracyMetres: ClientValues.number(message["acc"]),
        altitudeMetres: ClientValues.number(message["alt"]),
        speedMetresPerSecond: ClientValues.number(message["vel"]).map { $0 / ClientValues.kilometresPerHourPerMetrePerSecond },
        headingDegrees: ClientValues.number(message["cog"]).map { $0.truncatingRemainder(dividingBy: 360) },
        batteryPercent: ClientValues.number(message["batt"])
    )
    if message["_type"] as? String == "transition", let region = message["desc"] as? String {
        let direction: ReportedCrossing.Direction? = switch message["event"] as? String {
        case "enter": .entered
        case "leave": .left
        default: nil
        }
        sample.reportedCrossing = direction.map { ReportedZoneCrossing(zoneName: region, direction: $0) }
    }
    return sample
}

private func ownTracksFriends(of caller: Caller, app: HomewardApp) throws -> HTTPResponse {
    guard caller.reach.readsOwn else {
        return HTTPResponse(headers: ["Content-Type": "application/json; charset=utf-8"], bytes: Array("[]".utf8))
    }
    let store = LocationStore()
    let people: [(id: String, name: String, latest: LatestLocation?)] = try app.database.read { db in
        try ([caller.accountKey] + app.accessPolicy.dependents(of: caller, in: db)).compactMap { key in
            guard let row = try db.fetchOne("SELECT id, name FROM accounts WHERE key = ?", [key], map: {
                (id: try $0.value(at: 0) as String, name: try $0.value(at: 1) as String)
            }) else { return nil }
            return (row.id, row.name, try store.latest(of: key, in: db))
        }
    }
    var reply: [[String: Any]] = []
    for person in people {
        let topic = "owntracks/homeward/\(person.id)"
        let initials = String(person.name.split(separator: " ").compactMap(\.first).prefix(2))
        let tid = (initials.count == 2 ? initials : String(person.name.prefix(2))).uppercased()
        reply.append(["_type": "card", "name": person.name, "tid": tid, "topic": topic])
        guard let fix = person.latest?.fix else { continue }
        var location: [String: Any] = [
            "_type": "location", "lat": fix.lat, "lon": fix.lon, "tst": fix.time.unixMilliseconds / Timestamp.millisecondsPerSecond,
            "tid": tid, "topic": topic,
        ]
        location["acc"] = fix.accuracyMetres.map { Int($0.rounded()) }
        location["alt"] = fix.altitudeMetres.map { Int($0.rounded()) }
        location["vel"] = fix.speedMetresPerSecond.map { Int(($0 * ClientValues.kilometresPerHourPerMetrePerSecond).rounded()) }
        location["cog"] = fix.headingDegrees.map { Int($0.rounded()) }
        location["batt"] = fix.batteryPercent.map { Int($0.rounded()) }
        reply.append(location)
    }
    return HTTPResponse(
        headers: ["Content-Type": "application/json; charset=utf-8"],
        bytes: Array(try JSONSerialization.data(withJSONObject: reply, options: [.sortedKeys, .withoutEscapingSlashes]))
    )
}
