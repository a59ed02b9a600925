import Foundation
import HomewardGeo
import HomewardHTTP

/// The body of POST /v1/accounts/{id}/zones: a name and either `center` + `radius` or `polygon`,
/// with optional `home`, `timeZone`, `schedule`, `expected`, `notifyOnEnter` and `unaccompanied`.
public struct ZoneRequest: Sendable, Decodable {
    /// The longest zone name, in characters.
    public static let maxNameCharacters = 100

    /// The name guardians see.
    public var name: String
    /// A circle's centre.
    public var center: ZonePoint?
    /// A circle's radius in metres.
    public var radius: Double?
    /// A polygon's vertices.
    public var polygon: [ZonePoint]?
    /// Whether this is the person's home.
    public var home: Bool?
    /// IANA time zone of the schedule and the rule; UTC when absent.
    public var timeZone: String?
    /// Weekly windows when the zone applies.
    public var schedule: [ZoneScheduleWindow]?
    /// The "there by" rule.
    public var expected: ZoneArrivalRule?
    /// Whether entering raises an `entered_zone` alert.
    public var notifyOnEnter: Bool?
    /// The `unaccompanied` rule, off when absent.
    public var unaccompanied: ZoneCompanionRule?

    /// Checks every rule of the API and returns the zone to store; 400 with the field at fault otherwise.
    public func validated(id: String, createdAt: Timestamp, limits: ZoneLimits) throws(HTTPError) -> ZoneResource {
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...Self.maxNameCharacters).contains(trimmedName.count) else {
            throw .invalidRequest("name must be 1 to \(Self.maxNameCharacters) characters.", field: "name")
        }
        switch (center, radius, polygon) {
        case (let center?, let radius?, nil):
            guard center.isValid else { throw .invalidRequest("center must be a valid lat/lon.", field: "center") }
            guard radius.isFinite, radius >= limits.minRadiusMetres, radius <= limits.maxRadiusMetres else {
                throw .invalidRequest(
                    "radius must be \(Int(limits.minRadiusMetres)) to \(Int(limits.maxRadiusMetres)) metres.",
                    field: "radius")
            }
        case (nil, nil, let vertices?):
            try Self.validatePolygon(vertices, limits: limits)
        default:
            throw .invalidRequest("Give either center and radius, or polygon.", field: polygon == nil ? "center" : "polygon")
        }
        let timeZone = self.timeZone ?? "UTC"
        guard TimeZone(identifier: timeZone) != nil else {
            throw .invalidRequest("timeZone must be an IANA time zone such as Europe/London.", field: "timeZone")
        }
        for (index, window) in (schedule ?? []).enumerated() {
            guard LocalCalendar.weekdays(window.days) != nil else {
                throw .invalidRequest("days must name weekdays (mon to sun).", field: "schedule[\(index)].days")
            }
            guard LocalCalendar.secondOfDay(window.start) != nil else {
                throw .invalidRequest("start must be HH:MM.", field: "schedule[\(index)].start")
            }
            guard LocalCalendar.secondOfDay(window.end) != nil, window.end != window.start else {
                throw .invalidRequest("end must be HH:MM and differ from start.", field: "schedule[\(index)].end")
            }
        }
        if let schedule, schedule.isEmpty {
            throw .invalidRequest("schedule needs at least one window; leave it out for always.", field: "schedule")
        }
        if let expected {
            guard LocalCalendar.secondOfDay(expected.arriveBy) != nil else {
                throw .invalidRequest("arriveBy must be HH:MM.", field: "expected.arriveBy")
            }
            if let days = expected.days, LocalCalendar.weekdays(days) == nil {
                throw .invalidRequest("days must name weekdays (mon to sun).", field: "expected.days")
            }
        }
        if let unaccompanied {
            let range = limits.unaccompaniedMinWithinMetres...limits.unaccompaniedMaxWithinMetres
            guard unaccompanied.withinMetres.isFinite, range.contains(unaccompanied.withinMetres) else {
                throw .invalidRequest(
                    "withinMetres must be \(Int(range.lowerBound)) to \(Int(range.upperBound)) metres.",
                    field: "unaccompanied.withinMetres")
            }
        }
        return ZoneResource(
            id: id, name: trimmedName, center: center, radius: radius, polygon: polygon, home: home ?? false,
            timeZone: timeZone, schedule: schedule, expected: expected, notifyOnEnter: notifyOnEnter ?? false,
            unaccompanied: unaccompanied, createdAt: createdAt)
    }

    private static func validatePolygon(_ vertices: [ZonePoint], limits: ZoneLimits) throws(HTTPError) {
        var ring = vertices
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        guard ring.count >= 3, ring.count <= limits.maxPolygonVertices else {
            throw .invalidRequest("polygon must have 3 to \(limits.maxPolygonVertices) vertices.", field: "polygon")
        }
        for (index, vertex) in ring.enumerated() where !vertex.isValid {
            throw .invalidRequest("Each vertex must be a valid lat/lon.", field: "polygon[\(index)]")
        }
        let coordinates = ring.map { Coordinate(lat: $0.lat, lon: $0.lon) }
        for i in coordinates.indices {
            for j in coordinates.indices where j > i
                && Haversine.distanceMetres(from: coordinates[i], to: coordinates[j]) > limits.maxPolygonSpanMetres {
                throw .invalidRequest(
                    "polygon must be at most \(Int(limits.maxPolygonSpanMetres)) metres across.", field: "polygon")
            }
        }
        let projection = LocalProjection(centeredOn: coordinates)
        let points = coordinates.map(projection.project)
        let edges = points.indices.map { PlanarSegment(from: points[$0], to: points[($0 + 1) % points.count]) }
        for i in edges.indices {
            for j in edges.indices where j > i + 1 && !(i == 0 && j == edges.count - 1)
                && edges[i].properlyIntersects(edges[j]) {
                throw .invalidRequest("polygon must not cross itself.", field: "polygon")
            }
        }
        let doubleArea = points.indices.reduce(0.0) { sum, index in
            let a = points[index], b = points[(index + 1) % points.count]
            return sum + a.x * b.y - b.x * a.y
        }
        guard abs(doubleArea) / 2 >= 1 else {
            throw .invalidRequest("polygon must enclose an area.", field: "polygon")
        }
    }
}
