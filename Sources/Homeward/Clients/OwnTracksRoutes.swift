import Foundation
import HomewardGeo
import HomewardHTTP
import HomewardStore

/// `POST /v1/clients/owntracks`: OwnTracks in HTTP mode, and `POST /v1/accounts/{id}/locate`, a
/// guardian's request for a fresh position that the phone hears as a `reportLocation` command.
///
/// Stores `location` and the position of a `transition`, whose `enter`/`leave` of a region named like
/// one of the person's safe zones confirms that zone's entry or exit at once (`ReportedZoneCrossing`);
/// keeps `card` as a report, turns `steps` into motion; opens `encrypted` messages with the device's
/// payload secret (and seals every reply object with it); ignores other types and zero-length bodies.
/// Answers with the caller's own and dependents' latest positions as OwnTracks `card` (with `face`
/// from the avatar) and `location` objects, so the unmodified app shows them as friends on its map,
/// followed by `cmd` objects: `setWaypoints` with the person's circular safe zones when they changed
/// (the phone's own geofences become Homeward's zones) and `reportLocation` when a guardian asked.
/// Dependents only for a session, the password, or a device key made to read others (`CallerReach`);
/// a key from the URL query gets an empty array: it writes and reads nothing.
func registerOwnTracksRoutes(
    on router: inout Router, trackingClient: AuthenticatedRoutes, signedIn: AuthenticatedRoutes,
    _ services: OwnTracksRoutesDependencies
) {
    let ingest = services.ingest
    let commands = OwnTracksCommandQueue()
    trackingClient.post("/v1/clients/owntracks", on: &router) { context, caller in
        let box = try caller.deviceID.flatMap { id in try services.database.read { try DeviceStore(db: $0).payloadSecret(ofDevice: id) } }
            .map(OwnTracksPayloadBox.init(secret:))
        if !context.request.body.isEmpty {
            guard var message = ClientValues.object(context.request.body) else {
                throw HTTPError.invalidRequest("The body must be an OwnTracks JSON message.")
            }
            if message["_type"] as? String == "encrypted" {
                guard let box else {
                    throw HTTPError.invalidRequest(
                        "An encrypted payload needs a device key issued with payloadSecret, sent as the Basic password.", field: "data")
                }
                guard let data = message["data"] as? String, let plain = box.open(data), let opened = ClientValues.object(plain) else {
                    throw HTTPError.invalidRequest("The payload cannot be decrypted with the device's payload secret.", field: "data")
                }
                message = opened
            }
            try store(message, of: caller, ingest: ingest, services: services)
        }
        var reply = try ownTracksFriends(of: caller, services: services)
        reply += try ownTracksCommands(for: caller, queue: commands, services: services)
        if let box {
            reply = try reply.map { ["_type": "encrypted", "data": box.seal(Array(try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys])))] }
        }
        return HTTPResponse(
            headers: ["Content-Type": "application/json; charset=utf-8"],
            bytes: Array(try JSONSerialization.data(withJSONObject: reply, options: [.sortedKeys, .withoutEscapingSlashes]))
        )
    }
    signedIn.post("/v1/accounts/{id}/locate", on: &router) { context, caller in
        let id = try context.parameter("id")
        let account = try services.database.read { db in try services.accessPolicy.visibleAccount(id, to: caller, in: db) }
        commands.requestLocation(of: account)
        return .json(LocateResponse(requested: true), status: .accepted)
    }
}

/// The answer of `POST /v1/accounts/{id}/locate`: the request is queued for the phone's next post.
struct LocateResponse: Encodable {
    var requested: Bool
}

/// Stores what one (opened) OwnTracks message carries.
private func store(_ message: [String: Any], of caller: Caller, ingest: IngestService, services: OwnTracksRoutesDependencies) throws {
    let now = services.clock.now()
    switch message["_type"] as? String {
    case "location", "transition":
        // A malformed fix is acknowledged (and counted as rejected): OwnTracks would resend it forever.
        if let sample = ownTracksSample(message) { _ = try ingest.storeLocations([sample], of: caller) }
    case "card":
        let report = ClientReport(
            client: .owntracks, kind: .card, name: message["name"] as? String, time: now, lat: nil, lon: nil, body: message)
        _ = try services.database.write { db in try ClientReportStore(db: db).insert(report, of: caller.accountKey, receivedAt: now) }
    case "steps":
        // The answer to `reportSteps`: steps counted from `from` to `to` (Unix seconds).
        guard let steps = ClientValues.number(message["steps"]), let to = ClientValues.time(message["to"]) else { return }
        let from = ClientValues.number(message["from"]).map { Int64($0) } ?? 0
        _ = try ingest.storeMotion([MotionSample(id: "owntracks-steps:\(from)", time: to, steps: Int(steps))], of: caller)
    default:
        break
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

/// Avatars larger than this are left out of a reply's cards (the apps show a small round picture,
/// and every post would carry it).
let ownTracksFaceMaxBytes = 100 * 1024

private func ownTracksFriends(of caller: Caller, services: OwnTracksRoutesDependencies) throws -> [[String: Any]] {
    guard caller.reach.readsOwn else { return [] }
    let people: [(id: String, name: String, latest: LatestLocation?, face: AvatarImage?)] = try services.database.read { db in
        try ([caller.accountKey] + services.accessPolicy.dependents(of: caller, in: db)).compactMap { key in
            let accounts = AccountStore(db: db)
            guard let overview = try accounts.overview(of: key) else { return nil }
            return (overview.id, overview.name, try LocationStore(db: db).latest(of: key), try accounts.avatar(of: key))
        }
    }
    var reply: [[String: Any]] = []
    let tids = OwnTracksTrackerIDs.assign(to: people.map(\.name))
    for (person, tid) in zip(people, tids) {
        let topic = "owntracks/homeward/\(person.id)"
        var card: [String: Any] = ["_type": "card", "name": person.name, "tid": tid, "topic": topic]
        if let face = person.face, face.bytes.count <= ownTracksFaceMaxBytes { card["face"] = Data(face.bytes).base64EncodedString() }
        reply.append(card)
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
    return reply
}

/// The `cmd` objects for the caller's phone: `setWaypoints` with the caller's circular safe zones
/// when they changed since last sent, `reportLocation` when a guardian asked.
/// Nothing for a key from a URL query: it writes samples and reads nothing, not even its own zones.
private func ownTracksCommands(for caller: Caller, queue: OwnTracksCommandQueue, services: OwnTracksRoutesDependencies) throws -> [[String: Any]] {
    guard caller.reach.readsOwn else { return [] }
    let zones = try services.database.read { try ZoneStore(db: $0).zones(of: caller.accountKey) }
    let waypoints: [[String: Any]] = zones.compactMap { zone in
        guard let center = zone.center, let radius = zone.radius else { return nil }
        return [
            "_type": "waypoint", "desc": zone.name, "lat": center.lat, "lon": center.lon, "rad": Int(radius.rounded()),
            "tst": zone.createdAt.unixMilliseconds / Timestamp.millisecondsPerSecond,
        ]
    }
    var fingerprint = Hasher()
    for zone in zones { fingerprint.combine(zone.id); fingerprint.combine(zone.name); fingerprint.combine(zone.radius); fingerprint.combine(zone.center?.lat); fingerprint.combine(zone.center?.lon) }
    let due = queue.take(for: caller.accountKey, zonesFingerprint: fingerprint.finalize())
    var commands: [[String: Any]] = []
    if due.setWaypoints, !waypoints.isEmpty {
        commands.append(["_type": "cmd", "action": "setWaypoints", "waypoints": ["_type": "waypoints", "waypoints": waypoints]])
    }
    if due.reportLocation { commands.append(["_type": "cmd", "action": "reportLocation"]) }
    return commands
}
