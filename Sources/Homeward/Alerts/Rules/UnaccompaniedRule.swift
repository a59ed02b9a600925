import Foundation
import HomewardGeo
import HomewardStore

/// The zones' `unaccompanied` rule (`ZoneCompanionRule`): when the person leaves a zone that has it,
/// the latest positions of their guardians' phones (`latest_locations`) are compared with the fix that
/// decided the exit; a guardian position taken more than `guardianFixMaxAgeSeconds` before or after
/// that fix says nothing about now and does not count. With no guardian within the zone's
/// `withinMetres`, one `unaccompanied` alert is raised for that exit (its cause is per zone). It is
/// resolved when the person comes back into the zone, or by the periodic check once a guardian's
/// fresh position is within the distance of the person's latest one.
struct UnaccompaniedRule: AlertRule {
    static let type = AlertType.unaccompanied
    static let title = "Left home alone"

    /// A guardian's phone where it last reported.
    struct GuardianPosition: Sendable, Equatable {
        /// The guardian's name, for the message.
        var name: String
        /// When the phone took the fix.
        var time: Timestamp
        /// Where it was.
        var coordinate: Coordinate
    }

    /// Who is nearest, and how far, among the guardians whose positions count.
    struct Nearest: Sendable, Equatable {
        var name: String
        var metres: Double
    }

    let accessPolicy: AccessPolicy
    let alerts: AlertCenter
    let guardianFixMaxAgeSeconds: Int

    /// The nearest of `guardians` to `person` at `time`, counting only positions taken within
    /// `maxAgeMilliseconds` of `time`; nil when none counts.
    static func nearest(
        of guardians: [GuardianPosition], to person: Coordinate, at time: Timestamp, maxAgeMilliseconds: Int64
    ) -> Nearest? {
        guardians
            .filter { abs($0.time.unixMilliseconds - time.unixMilliseconds) <= maxAgeMilliseconds }
            .map { Nearest(name: $0.name, metres: Haversine.distanceMetres(from: $0.coordinate, to: person)) }
            .min { $0.metres < $1.metres }
    }

    /// The alert for leaving `zone` at `time` from `location`, unless the zone has no rule or a
    /// guardian's phone was within its distance.
    func request(
        leaving zone: ZoneResource, at time: Timestamp, location: AlertResource.Location, of account: AccountKey, in db: Database
    ) throws -> AlertRequest? {
        guard let rule = zone.unaccompanied else { return nil }
        let nearest = Self.nearest(
            of: try guardianPositions(of: account, in: db), to: Coordinate(lat: location.lat, lon: location.lon), at: time,
            maxAgeMilliseconds: maxAgeMilliseconds)
        if let nearest, nearest.metres <= rule.withinMetres { return nil }
        let within = Self.distanceText(rule.withinMetres)
        let detail = nearest.map { "nearest: \($0.name), \(Self.distanceText($0.metres)) away" }
            ?? "no guardian's phone reported in the last \(guardianFixMaxAgeSeconds / 60) minutes"
        return AlertRequest(
            type: .unaccompanied, cause: AlertCause.unaccompanied(zone.id),
            message: "Left \(zone.name) with no guardian within \(within) (\(detail)).", location: location)
    }

    /// Resolves every active `unaccompanied` alert whose person now has a guardian's phone within the
    /// zone's distance of their latest position.
    func resolveAccompanied(at now: Timestamp, in db: Database) throws -> [AppEvent] {
        let active = try AlertStore(db: db).activeUnaccompaniedAlerts()
        var published: [AppEvent] = []
        for alert in active {
            guard let within = alert.withinMetres, let person = try LocationStore(db: db).latest(of: alert.account)?.fix else { continue }
            let nearest = Self.nearest(
                of: try guardianPositions(of: alert.account, in: db), to: Coordinate(lat: person.lat, lon: person.lon),
                at: person.time, maxAgeMilliseconds: maxAgeMilliseconds)
            guard let nearest, nearest.metres <= within else { continue }
            if let resolved = try alerts.resolve(cause: alert.cause, for: alert.account, at: now, in: db) {
                published.append(resolved.event)
            }
        }
        return published
    }

    private var maxAgeMilliseconds: Int64 { Int64(guardianFixMaxAgeSeconds) * Timestamp.millisecondsPerSecond }

    private func guardianPositions(of account: AccountKey, in db: Database) throws -> [GuardianPosition] {
        try accessPolicy.guardians(of: account, in: db).compactMap { guardian in
            guard let fix = try LocationStore(db: db).latest(of: guardian)?.fix else { return nil }
            let name = try AccountStore(db: db).name(of: guardian) ?? ""
            return GuardianPosition(name: name, time: fix.time, coordinate: Coordinate(lat: fix.lat, lon: fix.lon))
        }
    }

    /// Metres as "850 m" or "1.4 km".
    static func distanceText(_ metres: Double) -> String {
        metres < 1_000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1_000)
    }
}

extension AlertType {
    /// A dependent is leaving home with none of their guardians near.
    public static let unaccompanied = AlertType(declaring: "unaccompanied")
}

extension AlertCause {
    /// The person left the zone `id` with no guardian near (unaccompanied, when the zone asks for it).
    public static func unaccompanied(_ id: String) -> String { "zone:\(id):unaccompanied" }
}
