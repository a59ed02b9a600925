import XCTest
@testable import HomewardGeo

final class GeodesicTests: XCTestCase {
    let jfk = Coordinate(lat: 40.641766, lon: -73.780968)
    let lhr = Coordinate(lat: 51.470020, lon: -0.454295)

    func testJfkToHeathrowMatchesWgs84ReferenceToTheMillimetre() {
        XCTAssertEqual(Geodesic.distanceMetres(from: jfk, to: lhr), 5_555_065.686, accuracy: 0.001)
    }

    func testAThousandthOfADegreeOfLatitudeAtTheEquatorIs110Point574Metres() {
        let distance = Geodesic.distanceMetres(from: Coordinate(lat: 0, lon: 10), to: Coordinate(lat: 0.001, lon: 10))
        XCTAssertEqual(distance, 110.574, accuracy: 0.0005)
    }

    func testInitialBearingPointsTheRightWay() {
        XCTAssertEqual(Geodesic.initialBearingDegrees(from: jfk, to: lhr), 51.3, accuracy: 0.5)
        let origin = Coordinate(lat: 10, lon: 10)
        XCTAssertEqual(Geodesic.initialBearingDegrees(from: origin, to: Coordinate(lat: 11, lon: 10)), 0, accuracy: 1e-9)
        XCTAssertEqual(Geodesic.initialBearingDegrees(from: origin, to: Coordinate(lat: 9, lon: 10)), 180, accuracy: 1e-9)
        XCTAssertEqual(Geodesic.initialBearingDegrees(from: Coordinate(lat: 0, lon: 10), to: Coordinate(lat: 0, lon: 11)), 90, accuracy: 1e-9)
    }

    func testCoincidentPointsAreZeroApart() {
        XCTAssertEqual(Geodesic.distanceMetres(from: jfk, to: jfk), 0)
        XCTAssertEqual(Haversine.distanceMetres(from: jfk, to: jfk), 0)
    }

    func testPoleToPoleIsTwiceTheMeridianQuadrant() {
        let north = Coordinate(lat: 90, lon: 0), south = Coordinate(lat: -90, lon: 0)
        XCTAssertEqual(Geodesic.distanceMetres(from: north, to: south), 20_003_931.458, accuracy: 0.01)
    }

    func testDistanceAcrossTheAntimeridianIsShort() {
        let west = Coordinate(lat: 0, lon: 179.9995), east = Coordinate(lat: 0, lon: -179.9995)
        XCTAssertEqual(Geodesic.distanceMetres(from: west, to: east), 111.319, accuracy: 0.001)
        XCTAssertEqual(Haversine.distanceMetres(from: west, to: east), 111.195, accuracy: 0.001)
        XCTAssertEqual(Geodesic.initialBearingDegrees(from: west, to: east), 90, accuracy: 1e-6)
    }

    func testNearlyAntipodalPointsFallBackToTheSphereWithinATenthOfAPercent() {
        let start = Coordinate(lat: 0, lon: 0), end = Coordinate(lat: 0.5, lon: 179.7)
        let solution = Geodesic.inverse(from: start, to: end)
        XCTAssertFalse(solution.isEllipsoidal)
        XCTAssertEqual(solution.distanceMetres, 19_936_288.579, accuracy: 19_936_288.579 * 0.0012)
    }

    func testHaversineAgreesWithTheEllipsoidWithinHalfAPercent() {
        let haversine = Haversine.distanceMetres(from: jfk, to: lhr)
        XCTAssertEqual(haversine / 5_555_065.686, 1, accuracy: 0.005)
        XCTAssertEqual(Haversine.initialBearingDegrees(from: jfk, to: lhr), 51.2, accuracy: 0.5)
    }

    func testAngleHelpersWrapIntoTheirRanges() {
        XCTAssertEqual(Angle.normalizedDegrees(-90), 270)
        XCTAssertEqual(Angle.normalizedDegrees(720), 0)
        XCTAssertEqual(Angle.wrappedRadians(3 * .pi / 2), -.pi / 2, accuracy: 1e-12)
        XCTAssertEqual(Angle.wrappedRadians(-.pi), .pi)
    }
}
