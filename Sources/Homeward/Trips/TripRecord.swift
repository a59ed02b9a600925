import Foundation
import HomewardGeo
import HomewardStore

/// A row of `trips` with its traveller's id and name, as the trips feature works with it.
struct TripRecord: Sendable {
    var key: Int64
    var id: String
    var accountKey: AccountKey
    var accountID: String
    var accountName: String
    var status: TripStatus
    var workflow: TripWorkflow
    var mode: TravelMode
    var origin: TripPlace?
    var destination: TripPlace
    var route: [Coordinate]?
    var expectedArrival: Timestamp?
    var accessCodeDigest: [UInt8]
    var startedAt: Timestamp
    var endedAt: Timestamp?
    var dueAt: Timestamp?
    var progress: TripResource.Progress?
    var stallReferenceMetres: Double?
    var stallReferenceAt: Timestamp
    var trackerState: String?

    /// The columns `init(row:)` reads, in order, from `trips t JOIN accounts a ON a.key = t.account_key`.
    static let selection = """
        t.key, t.id, t.account_key, a.id AS account_id, a.name AS account_name, t.status, t.phase, t.passengers_aboard, t.passengers, t.mode,
        t.origin_lat, t.origin_lon, t.origin_name, t.destination_lat, t.destination_lon, t.destination_name,
        t.route_points, t.expected_arrival_ms, t.access_code_sha256, t.started_at_ms, t.ended_at_ms, t.due_at_ms,
        t.distance_remaining_m, t.eta_seconds, t.eta_at_ms, t.off_route, t.last_lat, t.last_lon, t.last_accuracy_m,
        t.last_fix_at_ms, t.stall_reference_m, t.stall_reference_at_ms, t.tracker_state
        """

    /// The FROM clause matching `selection`.
    static let source = "trips t JOIN accounts a ON a.key = t.account_key"

    /// Reads a trip selected with `selection`.
    init(row: Row) throws {
        key = try row.value(named: "key")
        id = try row.value(named: "id")
        accountKey = try row.value(named: "account_key")
        accountID = try row.value(named: "account_id")
        accountName = try row.value(named: "account_name")
        let statusName: String = try row.value(named: "status")
        let phaseName: String = try row.value(named: "phase")
        let modeName: String = try row.value(named: "mode")
        guard let status = TripStatus(rawValue: statusName), let phase = TripPhase(rawValue: phaseName),
              let mode = TravelMode(rawValue: modeName) else {
            throw DatabaseError(extendedResultCode: 1, message: "unknown trip status, phase or mode in trip \(id)")
        }
        self.status = status
        self.mode = mode
        workflow = TripWorkflow(
            phase: phase, passengersAboard: try row.value(named: "passengers_aboard"),
            passengerCapacity: try row.value(named: "passengers"))
        if let lat = try row.value(named: "origin_lat") as Double?, let lon = try row.value(named: "origin_lon") as Double? {
            origin = TripPlace(lat: lat, lon: lon, name: try row.value(named: "origin_name"))
        }
        destination = TripPlace(
            lat: try row.value(named: "destination_lat"), lon: try row.value(named: "destination_lon"),
            name: try row.value(named: "destination_name"))
        if let routeJSON = try row.value(named: "route_points") as String? {
            route = try Self.decodeRoute(routeJSON)
        }
        expectedArrival = try row.value(named: "expected_arrival_ms")
        accessCodeDigest = try row.value(named: "access_code_sha256")
        startedAt = try row.value(named: "started_at_ms")
        endedAt = try row.value(named: "ended_at_ms")
        dueAt = try row.value(named: "due_at_ms")
        if let remaining = try row.value(named: "distance_remaining_m") as Double?, let eta = try row.value(named: "eta_seconds") as Double?,
           let etaAt = try row.value(named: "eta_at_ms") as Timestamp? {
            var lastLocation: TripFix?
            if let lat = try row.value(named: "last_lat") as Double?, let lon = try row.value(named: "last_lon") as Double?,
               let t = try row.value(named: "last_fix_at_ms") as Timestamp? {
                lastLocation = TripFix(t: t, lat: lat, lon: lon, accuracy: try row.value(named: "last_accuracy_m"))
            }
            progress = TripResource.Progress(
                distanceRemaining: remaining, etaSeconds: eta, eta: etaAt, offRoute: try row.value(named: "off_route"),
                lastLocation: lastLocation)
        }
        stallReferenceMetres = try row.value(named: "stall_reference_m")
        stallReferenceAt = try row.value(named: "stall_reference_at_ms")
        trackerState = try row.value(named: "tracker_state")
    }

    /// The trip as the API shows it; with `events` (the trip itself rather than a list item) it also
    /// carries the route.
    func resource(events: [TripEventResource]? = nil, accessCode: String? = nil) -> TripResource {
        TripResource(
            id: id, status: status, phase: workflow.phase, mode: mode,
            account: AlertResource.AccountSummary(id: accountID, name: accountName),
            origin: origin, destination: destination, route: events == nil ? nil : route,
            expectedArrival: expectedArrival, passengers: workflow.passengerCapacity,
            passengersAboard: workflow.passengersAboard, accessCode: accessCode, startedAt: startedAt,
            endedAt: endedAt, progress: progress, events: events)
    }

    /// The `trip` event that tells watchers about this trip's state.
    var event: AppEvent {
        AppEvent(kind: .trip, subject: accountKey, tripID: id, payload: (try? JSONBytes.encode(resource())) ?? [])
    }

    /// The position alerts and events of this trip carry: the last one used for progress.
    var lastLocation: AlertResource.Location? {
        progress?.lastLocation.map { AlertResource.Location(lat: $0.lat, lon: $0.lon, accuracy: $0.accuracy) }
    }

    /// The route as stored: a JSON array of `[lat, lon]` pairs.
    static func encodeRoute(_ points: [Coordinate]) throws -> String {
        String(decoding: try JSONEncoder().encode(points.map { [$0.lat, $0.lon] }), as: UTF8.self)
    }

    private static func decodeRoute(_ json: String) throws -> [Coordinate] {
        try JSONDecoder().decode([[Double]].self, from: Data(json.utf8)).map { pair in
            guard pair.count == 2 else {
                throw DatabaseError(extendedResultCode: 1, message: "a stored route point is not a [lat, lon] pair")
            }
            return Coordinate(lat: pair[0], lon: pair[1])
        }
    }
}
