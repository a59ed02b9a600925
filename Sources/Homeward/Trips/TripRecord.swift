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
        t.key, t.id, t.account_key, a.id, a.name, t.status, t.phase, t.passengers_aboard, t.passengers, t.mode,
        t.origin_lat, t.origin_lon, t.origin_name, t.destination_lat, t.destination_lon, t.destination_name,
        t.route_points, t.expected_arrival_ms, t.access_code_sha256, t.started_at_ms, t.ended_at_ms, t.due_at_ms,
        t.distance_remaining_m, t.eta_seconds, t.eta_at_ms, t.off_route, t.last_lat, t.last_lon, t.last_accuracy_m,
        t.last_fix_at_ms, t.stall_reference_m, t.stall_reference_at_ms, t.tracker_state
        """

    /// The FROM clause matching `selection`.
    static let source = "trips t JOIN accounts a ON a.key = t.account_key"

    /// Reads a trip selected with `selection`.
    init(row: Row) throws {
        key = try row.value(at: 0)
        id = try row.value(at: 1)
        accountKey = try row.value(at: 2)
        accountID = try row.value(at: 3)
        accountName = try row.value(at: 4)
        let statusName: String = try row.value(at: 5)
        let phaseName: String = try row.value(at: 6)
        let modeName: String = try row.value(at: 9)
        guard let status = TripStatus(rawValue: statusName), let phase = TripPhase(rawValue: phaseName),
              let mode = TravelMode(rawValue: modeName) else {
            throw DatabaseError(extendedResultCode: 1, message: "unknown trip status, phase or mode in trip \(id)")
        }
        self.status = status
        self.mode = mode
        workflow = TripWorkflow(phase: phase, passengersAboard: try row.value(at: 7), passengerCapacity: try row.value(at: 8))
        if let lat = try row.value(at: 10) as Double?, let lon = try row.value(at: 11) as Double? {
            origin = TripPlace(lat: lat, lon: lon, name: try row.value(at: 12))
        }
        destination = TripPlace(lat: try row.value(at: 13), lon: try row.value(at: 14), name: try row.value(at: 15))
        if let routeJSON = try row.value(at: 16) as String? {
            route = try Self.decodeRoute(routeJSON)
        }
        expectedArrival = try Self.time(row, 17)
        accessCodeDigest = try row.value(at: 18)
        startedAt = Timestamp(unixMilliseconds: try row.value(at: 19))
        endedAt = try Self.time(row, 20)
        dueAt = try Self.time(row, 21)
        if let remaining = try row.value(at: 22) as Double?, let eta = try row.value(at: 23) as Double?,
           let etaAt = try Self.time(row, 24) {
            var lastLocation: TripFix?
            if let lat = try row.value(at: 26) as Double?, let lon = try row.value(at: 27) as Double?,
               let t = try Self.time(row, 29) {
                lastLocation = TripFix(t: t, lat: lat, lon: lon, accuracy: try row.value(at: 28))
            }
            progress = TripResource.Progress(
                distanceRemaining: remaining, etaSeconds: eta, eta: etaAt, offRoute: try row.value(at: 25),
                lastLocation: lastLocation)
        }
        stallReferenceMetres = try row.value(at: 30)
        stallReferenceAt = Timestamp(unixMilliseconds: try row.value(at: 31))
        trackerState = try row.value(at: 32)
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

    private static func time(_ row: Row, _ index: Int) throws -> Timestamp? {
        (try row.value(at: index) as Int64?).map(Timestamp.init(unixMilliseconds:))
    }
}
