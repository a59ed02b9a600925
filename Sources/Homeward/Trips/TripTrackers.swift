import Foundation
import HomewardGeo
import Synchronization

/// The route tracker of every active trip, in memory, by trip key. A tracker missing after a
/// restart is rebuilt from the trips row: from its saved state while the trip was off route (the
/// confirmation to come back needs it), otherwise fresh from the route and destination, which
/// differs from the lost one only in smoothing that the next fixes restore.
final class TripTrackers: Sendable {
    /// A trip's tracker and whose trip it is, so an account's deletion finds its trackers.
    private struct Tracked {
        let account: AccountKey
        let tracker: RouteProgressTracker
    }

    private let trackers = Mutex<[Int64: Tracked]>([:])
    private let configuration: RouteConfiguration

    /// Creates an empty set of trackers using `configuration`.
    init(configuration: RouteConfiguration) {
        self.configuration = configuration
    }

    /// The tracker of `trip`, rebuilt from its row when it is not in memory.
    func tracker(for trip: TripRecord) -> RouteProgressTracker {
        if let tracked = trackers.withLock({ $0[trip.key] }) { return tracked.tracker }
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        if let state = trip.trackerState,
           let restored = try? decoder.decode(RouteProgressTracker.self, from: Data(state.utf8)) {
            return restored
        }
        return makeTracker(for: trip)
    }

    /// A fresh tracker for `trip`, before any fix.
    func makeTracker(for trip: TripRecord) -> RouteProgressTracker {
        RouteProgressTracker(
            route: trip.route.map(Polyline.init(points:)),
            destination: Coordinate(lat: trip.destination.lat, lon: trip.destination.lon),
            mode: trip.mode, configuration: configuration)
    }

    /// Keeps `tracker` as the one of `trip`.
    func store(_ tracker: RouteProgressTracker, for trip: TripRecord) {
        trackers.withLock { $0[trip.key] = Tracked(account: trip.accountKey, tracker: tracker) }
    }

    /// Forgets the tracker of trip `key` (it arrived or was deleted).
    func forget(_ key: Int64) {
        _ = trackers.withLock { $0.removeValue(forKey: key) }
    }

    /// Forgets the trackers of every trip of `account` (the account was deleted).
    func forget(tripsOf account: AccountKey) {
        trackers.withLock { trackers in trackers = trackers.filter { $0.value.account != account } }
    }

    /// The JSON the trips row keeps of `tracker`: its state while off route, nil otherwise.
    static func savedState(of tracker: RouteProgressTracker) -> String? {
        let encoder = JSONEncoder()
        // A tracker holds infinities (e.g. before its first stall reference), which plain JSON cannot.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard tracker.current?.offRoute == true, let data = try? encoder.encode(tracker) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
