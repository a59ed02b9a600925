import Foundation
import HomewardGeo
import HomewardStore

/// What OwnTracks' messages mean to Homeward, whichever way they travel: posted in HTTP mode
/// (`OwnTracksRoutes`, answered in the reply) or published in MQTT mode (`OwnTracksBridge`, answered
/// on the phone's topics). One place opens encrypted payloads, stores what a message carries, and
/// says which friends and commands a phone should hear.
///
/// Stores `location` and the position of a `transition`, whose `enter`/`leave` of a region named like
/// one of the person's safe zones confirms that zone's entry or exit at once (`ReportedZoneCrossing`);
/// keeps `card` as a report, turns `steps` into motion; ignores other types (`lwt`, `waypoints`,
/// `status`, `configuration`...).
struct OwnTracksService: Sendable {
    /// Stores the fixes and steps of a message.
    let ingest: IngestService
    /// Holds payload secrets, reports, the latest positions and the zones sent back.
    let database: any DatabaseWriter
    /// Decides whose positions a phone hears and whom a guardian may ask to report.
    let accessPolicy: AccessPolicy
    /// The time a message arrived.
    let clock: any WallClock
    /// What the next answer to each person's phone should ask of it.
    let commands: OwnTracksCommandQueue
    /// Told of every locate request after it is queued: the MQTT service publishes it to the
    /// person's phones at once (nothing without a broker, or where only messages are read).
    var onLocate: @Sendable (AccountKey) -> Void = { _ in }

    /// Why a message cannot be read; each says what the phone's owner should change.
    enum MessageError: Error, Equatable {
        /// The bytes are not a JSON object.
        case notAnObject
        /// An encrypted payload came from a device that has no payload secret.
        case needsSecret
        /// The payload does not open with the device's payload secret.
        case undecryptable

        /// The sentence an HTTP answer carries.
        var message: String {
            switch self {
            case .notAnObject: "The body must be an OwnTracks JSON message."
            case .needsSecret: "An encrypted payload needs a device key issued with payloadSecret, sent as the Basic password."
            case .undecryptable: "The payload cannot be decrypted with the device's payload secret."
            }
        }
    }

    /// The payload box of device `id` (its secret), if it has one.
    func payloadBox(ofDevice id: String?) throws -> OwnTracksPayloadBox? {
        try id.flatMap { id in try database.read { try DeviceStore(db: $0).payloadSecret(ofDevice: id) } }
            .map(OwnTracksPayloadBox.init(secret:))
    }

    /// The message in `bytes`, opened with `box` when it is `encrypted`.
    func open(_ bytes: [UInt8], with box: OwnTracksPayloadBox?) throws(MessageError) -> [String: Any] {
        guard let message = ClientValues.object(bytes) else { throw .notAnObject }
        guard message["_type"] as? String == "encrypted" else { return message }
        guard let box else { throw .needsSecret }
        guard let data = message["data"] as? String, let plain = box.open(data), let opened = ClientValues.object(plain) else {
            throw .undecryptable
        }
        return opened
    }

    /// Stores what one (opened) message of `caller`'s phone carries; whether it carried anything
    /// Homeward keeps.
    @discardableResult
    func store(_ message: [String: Any], of caller: Caller) throws -> Bool {
        let now = clock.now()
        switch message["_type"] as? String {
        case "location", "transition":
            // A malformed fix is acknowledged (and counted as rejected): OwnTracks would resend it forever.
            if let sample = ownTracksSample(message) { _ = try ingest.storeLocations([sample], of: caller) }
            return true
        case "card":
            let report = ClientReport(
                client: .owntracks, kind: .card, name: message["name"] as? String, time: now, lat: nil, lon: nil, body: message)
            _ = try database.write { db in try ClientReportStore(db: db).insert(report, of: caller.accountKey, receivedAt: now) }
            return true
        case "steps":
            // The answer to `reportSteps`: steps counted from `from` to `to` (Unix seconds).
            guard let steps = ClientValues.number(message["steps"]), let to = ClientValues.time(message["to"]) else { return false }
            let from = ClientValues.number(message["from"]).map { Int64($0) } ?? 0
            _ = try ingest.storeMotion([MotionSample(id: "owntracks-steps:\(from)", time: to, steps: Int(steps))], of: caller)
            return true
        default:
            return false
        }
    }

    /// One person a phone shows as a friend: an OwnTracks `card` (with `face` from the avatar) and,
    /// when they have one, their latest position as a `location`; neither names a topic.
    struct Friend {
        /// The person's opaque account id.
        var accountID: String
        /// `{_type: card, name, tid, face?}`.
        var card: [String: Any]
        /// `{_type: location, lat, lon, tst, tid, acc?, alt?, vel?, cog?, batt?}`.
        var location: [String: Any]?
    }

    /// The people `caller`'s phone shows: the caller first when `includingCaller`, then the people
    /// they guard (only for credentials that read others, `CallerReach`); none for a caller that
    /// reads nothing. Tracker ids are unique within the list (both apps key friends on `tid`).
    func friends(of caller: Caller, includingCaller: Bool) throws -> [Friend] {
        guard caller.reach.readsOwn else { return [] }
        let people: [(id: String, name: String, latest: LatestLocation?, face: AvatarImage?)] = try database.read { db in
            let keys = (includingCaller ? [caller.accountKey] : []) + (try accessPolicy.dependents(of: caller, in: db))
            return try keys.compactMap { key in
                let accounts = AccountStore(db: db)
                guard let overview = try accounts.overview(of: key) else { return nil }
                return (overview.id, overview.name, try LocationStore(db: db).latest(of: key), try accounts.avatar(of: key))
            }
        }
        let tids = OwnTracksTrackerIDs.assign(to: people.map(\.name))
        return zip(people, tids).map { person, tid in
            var card: [String: Any] = ["_type": "card", "name": person.name, "tid": tid]
            if let face = person.face, face.bytes.count <= Self.faceMaxBytes { card["face"] = Data(face.bytes).base64EncodedString() }
            guard let fix = person.latest?.fix else { return Friend(accountID: person.id, card: card, location: nil) }
            var location: [String: Any] = [
                "_type": "location", "lat": fix.lat, "lon": fix.lon, "tst": fix.time.unixMilliseconds / Timestamp.millisecondsPerSecond,
                "tid": tid,
            ]
            location["acc"] = fix.accuracyMetres.map { Int($0.rounded()) }
            location["alt"] = fix.altitudeMetres.map { Int($0.rounded()) }
            location["vel"] = fix.speedMetresPerSecond.map { Int(($0 * ClientValues.kilometresPerHourPerMetrePerSecond).rounded()) }
            location["cog"] = fix.headingDegrees.map { Int($0.rounded()) }
            location["batt"] = fix.batteryPercent.map { Int($0.rounded()) }
            return Friend(accountID: person.id, card: card, location: location)
        }
    }

    /// Avatars larger than this are left out of cards (the apps show a small round picture, and
    /// every answer would carry it).
    static let faceMaxBytes = 100 * 1024

    /// Asks the phones of the account `id` for a fresh position (`reportLocation`), when the caller
    /// may see that account (404 otherwise).
    func requestLocation(of id: String, by caller: Caller) throws {
        let account = try database.read { db in try accessPolicy.visibleAccount(id, to: caller, in: db) }
        commands.requestLocation(of: account)
        onLocate(account)
    }

    /// The `cmd` objects for `caller`'s phone: `setWaypoints` with the caller's circular safe zones
    /// when they changed since last sent, `reportLocation` when a guardian asked.
    /// Nothing for credentials that read nothing, not even their own zones.
    func commands(for caller: Caller) throws -> [[String: Any]] {
        guard caller.reach.readsOwn else { return [] }
        let zones = try database.read { try ZoneStore(db: $0).zones(of: caller.accountKey) }
        let waypoints: [[String: Any]] = zones.compactMap { zone in
            guard let center = zone.center, let radius = zone.radius else { return nil }
            return [
                "_type": "waypoint", "desc": zone.name, "lat": center.lat, "lon": center.lon, "rad": Int(radius.rounded()),
                "tst": zone.createdAt.unixMilliseconds / Timestamp.millisecondsPerSecond,
            ]
        }
        var fingerprint = Hasher()
        for zone in zones {
            fingerprint.combine(zone.id); fingerprint.combine(zone.name); fingerprint.combine(zone.radius)
            fingerprint.combine(zone.center?.lat); fingerprint.combine(zone.center?.lon)
        }
        let due = commands.take(for: caller.accountKey, zonesFingerprint: fingerprint.finalize())
        var found: [[String: Any]] = []
        if due.setWaypoints, !waypoints.isEmpty {
            found.append(["_type": "cmd", "action": "setWaypoints", "waypoints": ["_type": "waypoints", "waypoints": waypoints]])
        }
        if due.reportLocation { found.append(["_type": "cmd", "action": "reportLocation"]) }
        return found
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
