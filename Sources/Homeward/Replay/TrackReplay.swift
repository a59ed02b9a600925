import Foundation
import HomewardGeo

/// Runs a recorded track through the same tracker and alert rules as the live server, in memory,
/// storing nothing: `homeward replay` prints what it returns, and measurements replay real days.
public struct TrackReplay {
    private var tracker: PersonTracker?
    private let configuration: TrackerConfiguration
    private let zoneList: [ZoneResource]
    private let zones: [String: ZoneResource]
    private let timeZone: TimeZone
    private var active: [String: AlertType] = [:]

    /// A replay for a person living in `timeZone` with `zones` and the tracker's `configuration`.
    public init(zones: [ZoneResource], timeZone: TimeZone, configuration: TrackerConfiguration = TrackerConfiguration()) {
        self.configuration = configuration
        zoneList = zones
        self.zones = Dictionary(uniqueKeysWithValues: zones.map { ($0.id, $0) })
        self.timeZone = timeZone
    }

    /// Feeds `fixes` (oldest first) and returns the alerts raised and resolved, in order.
    public mutating func run(_ fixes: [Fix]) -> [ReplayedAlert] {
        // Built at the first fix, so zones kept in another time zone know its offsets around the track.
        var tracker = self.tracker ?? makeTracker(at: fixes.first?.t ?? 0)
        var alerts: [ReplayedAlert] = []
        for var fix in fixes {
            fix.utcOffsetSeconds = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: fix.t))
            let events = tracker.ingest(fix)
            guard !events.isEmpty else { continue }
            let location = AlertResource.Location(lat: fix.lat, lon: fix.lon, accuracy: fix.accuracy)
            let evidence = ZoneObserver.evidence(of: events, in: tracker)
            for action in GeoAlertRule.actions(for: events, location: location, zones: zones) {
                switch action {
                case .raise(let request):
                    guard active[request.cause] == nil else { continue }
                    active[request.cause] = request.type
                    alerts.append(ReplayedAlert(
                        t: fix.t, change: .raised, type: request.type, cause: request.cause, message: request.message,
                        location: location, evidence: evidence[request.cause]))
                case .resolve(let cause):
                    guard let type = active.removeValue(forKey: cause) else { continue }
                    alerts.append(ReplayedAlert(t: fix.t, change: .resolved, type: type, cause: cause, location: location))
                }
            }
        }
        self.tracker = tracker
        return alerts
    }

    /// The tracker, its zones built for a track that starts at `start`.
    private func makeTracker(at start: UnixSeconds) -> PersonTracker {
        PersonTracker(
            configuration: configuration, zones: zoneList.map { $0.safeZone(forPersonIn: timeZone.identifier, at: start) })
    }

    /// A circular home zone for a track read from a file (`homeward replay --home`).
    public static func homeZone(lat: Double, lon: Double, radiusMetres: Double, timeZone: String) -> ZoneResource {
        ZoneResource(
            id: "home", name: "Home", center: ZonePoint(lat: lat, lon: lon), radius: radiusMetres, polygon: nil, home: true,
            timeZone: timeZone, schedule: nil, expected: nil, notifyOnEnter: false, createdAt: Timestamp(unixMilliseconds: 0))
    }
}
