import XCTest
@testable import HomewardGeo

final class ShapeTests: XCTestCase {
    func testCircleContainsPointsWithinItsRadiusOnly() {
        let circle = Circle(center: Coordinate(lat: 48.8584, lon: 2.2945), radiusMetres: 100)
        XCTAssertTrue(circle.contains(Coordinate(lat: 48.8584 + 0.0008, lon: 2.2945)))
        XCTAssertFalse(circle.contains(Coordinate(lat: 48.8584 + 0.0010, lon: 2.2945)))
        XCTAssertEqual(circle.signedDistanceToEdgeMetres(from: Coordinate(lat: 48.8584, lon: 2.2945)), -100, accuracy: 1e-9)
    }

    func testCircleStraddlingTheAntimeridianContainsBothSides() {
        let circle = Circle(center: Coordinate(lat: -16.5, lon: 180), radiusMetres: 500)
        XCTAssertTrue(circle.contains(Coordinate(lat: -16.5, lon: 179.998)))
        XCTAssertTrue(circle.contains(Coordinate(lat: -16.5, lon: -179.998)))
        XCTAssertFalse(circle.contains(Coordinate(lat: -16.5, lon: -179.99)))
    }

    func testCircleAtTheNorthPoleIsARingOfLatitude() {
        let circle = Circle(center: Coordinate(lat: 90, lon: 0), radiusMetres: 1_000)
        for lon in stride(from: -180.0, through: 180, by: 45) {
            XCTAssertTrue(circle.contains(Coordinate(lat: 89.992, lon: lon)))
            XCTAssertFalse(circle.contains(Coordinate(lat: 89.990, lon: lon)))
        }
    }

    func testPolygonContainsItsInteriorAndMeasuresItsEdges() {
        let square = Polygon(vertices: [
            Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 0.01), Coordinate(lat: 0.01, lon: 0.01),
            Coordinate(lat: 0.01, lon: 0), Coordinate(lat: 0, lon: 0),
        ])
        XCTAssertEqual(square.vertices.count, 4)
        XCTAssertTrue(square.contains(Coordinate(lat: 0.005, lon: 0.005)))
        XCTAssertFalse(square.contains(Coordinate(lat: 0.005, lon: 0.011)))
        XCTAssertEqual(square.distanceToEdgeMetres(from: Coordinate(lat: 0.005, lon: 0.005)), 556, accuracy: 2)
        XCTAssertEqual(square.distanceToEdgeMetres(from: Coordinate(lat: 0.005, lon: 0.011)), 111, accuracy: 1)
        XCTAssertLessThan(square.signedDistanceToEdgeMetres(from: SphericalPoint(Coordinate(lat: 0.005, lon: 0.005))), 0)
    }

    func testPolygonAcrossTheAntimeridianWorks() {
        let polygon = Polygon(vertices: [
            Coordinate(lat: 1, lon: 179.99), Coordinate(lat: 1, lon: -179.99),
            Coordinate(lat: 1.01, lon: -179.99), Coordinate(lat: 1.01, lon: 179.99),
        ])
        XCTAssertTrue(polygon.contains(Coordinate(lat: 1.005, lon: 180)))
        XCTAssertTrue(polygon.contains(Coordinate(lat: 1.005, lon: -179.995)))
        XCTAssertFalse(polygon.contains(Coordinate(lat: 1.005, lon: 179.98)))
        XCTAssertFalse(polygon.contains(Coordinate(lat: 1.005, lon: 0)))
    }

    func testPolygonAroundTheSouthPoleContainsThePole() {
        let ring = stride(from: 0.0, to: 360, by: 60).map { Coordinate(lat: -89.99, lon: $0 - 180) }
        let polygon = Polygon(vertices: ring)
        XCTAssertTrue(polygon.contains(Coordinate(lat: -90, lon: 0)))
        XCTAssertTrue(polygon.contains(Coordinate(lat: -89.995, lon: 123)))
        XCTAssertFalse(polygon.contains(Coordinate(lat: -89.98, lon: 0)))
    }

    func testDegeneratePolygonContainsNothing() {
        let line = Polygon(vertices: [Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 1)])
        XCTAssertFalse(line.contains(Coordinate(lat: 0, lon: 0.5)))
        XCTAssertEqual(Polygon(vertices: []).distanceToEdgeMetres(from: Coordinate(lat: 0, lon: 0)), .infinity)
    }

    func testLocalProjectionRoundTripsAndMeasuresMetres() {
        let projection = LocalProjection(origin: Coordinate(lat: 51.5, lon: -0.12))
        let point = Coordinate(lat: 51.51, lon: -0.10)
        let back = projection.unproject(projection.project(point))
        XCTAssertEqual(back.lat, point.lat, accuracy: 1e-9)
        XCTAssertEqual(back.lon, point.lon, accuracy: 1e-9)
        let planar = projection.project(point).distance(to: PlanarPoint(x: 0, y: 0))
        XCTAssertEqual(planar, Haversine.distanceMetres(from: projection.origin, to: point), accuracy: 0.01)
    }

    func testZoneShapesRoundTripThroughJson() throws {
        let shapes: [ZoneShape] = [
            .circle(Circle(center: Coordinate(lat: 1, lon: 2), radiusMetres: 50)),
            .polygon(Polygon(vertices: [Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 1), Coordinate(lat: 1, lon: 0)])),
        ]
        let decoded = try JSONDecoder().decode([ZoneShape].self, from: JSONEncoder().encode(shapes))
        XCTAssertEqual(decoded, shapes)
    }
}
