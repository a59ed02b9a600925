import XCTest
@testable import HomewardGeo

final class PolylineTests: XCTestCase {
    func testDecodesTheReferenceEncodedPolyline() throws {
        let points = try EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        XCTAssertEqual(points, [
            Coordinate(lat: 38.5, lon: -120.2), Coordinate(lat: 40.7, lon: -120.95), Coordinate(lat: 43.252, lon: -126.453),
        ])
    }

    func testDecodingAnEmptyStringGivesNoPoints() throws {
        XCTAssertEqual(try EncodedPolyline.decode(""), [])
    }

    func testDecodingRejectsTruncatedAndForeignText() {
        XCTAssertThrowsError(try EncodedPolyline.decode("_p~iF~ps|U_ulL")) { XCTAssertEqual($0 as? EncodedPolylineError, .truncated) }
        XCTAssertThrowsError(try EncodedPolyline.decode("_p~iF")) { XCTAssertEqual($0 as? EncodedPolylineError, .truncated) }
        XCTAssertThrowsError(try EncodedPolyline.decode("_p~ iF")) {
            XCTAssertEqual($0 as? EncodedPolylineError, .invalidCharacter(offset: 3))
        }
    }

    func testProjectionFindsDistanceAlongAndFromTheLine() throws {
        let line = Polyline(points: [Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 0.01), Coordinate(lat: 0.01, lon: 0.01)])
        XCTAssertEqual(line.lengthMetres, 2 * 1_111.95, accuracy: 1)
        let projection = try XCTUnwrap(line.project(Coordinate(lat: 0.0002, lon: 0.005)))
        XCTAssertEqual(projection.segmentIndex, 0)
        XCTAssertEqual(projection.distanceAlongMetres, 556, accuracy: 1)
        XCTAssertEqual(projection.distanceFromLineMetres, 22.24, accuracy: 0.1)
        XCTAssertEqual(projection.nearest.lat, 0, accuracy: 1e-7)
    }

    func testProjectionBeyondTheEndsClampsToTheEnds() throws {
        let line = Polyline(points: [Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 0.01)])
        XCTAssertEqual(try XCTUnwrap(line.project(Coordinate(lat: 0, lon: -0.01))).distanceAlongMetres, 0)
        XCTAssertEqual(try XCTUnwrap(line.project(Coordinate(lat: 0, lon: 0.02))).distanceAlongMetres, line.lengthMetres, accuracy: 1e-6)
    }

    func testZeroLengthSegmentsAndSinglePointsAreHarmless() throws {
        let line = Polyline(points: [Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 0.01)])
        let projection = try XCTUnwrap(line.project(Coordinate(lat: 0, lon: 0.005)))
        XCTAssertEqual(projection.distanceAlongMetres, 556, accuracy: 1)
        let single = Polyline(points: [Coordinate(lat: 0, lon: 0)])
        XCTAssertEqual(try XCTUnwrap(single.project(Coordinate(lat: 0.001, lon: 0))).distanceFromLineMetres, 111.2, accuracy: 0.1)
        XCTAssertNil(Polyline(points: []).project(Coordinate(lat: 0, lon: 0)))
    }

    func testProjectionWithinARangeIgnoresTheOtherLegOfAnOutAndBack() throws {
        let out = Coordinate(lat: 0, lon: 0), turn = Coordinate(lat: 0, lon: 0.01)
        let line = Polyline(points: [out, turn, out])
        let probe = Coordinate(lat: 0, lon: 0.002)
        XCTAssertEqual(try XCTUnwrap(line.project(probe)).distanceAlongMetres, 222, accuracy: 1)
        let later = try XCTUnwrap(line.project(probe, within: 1_500...2_300))
        XCTAssertEqual(later.distanceAlongMetres, 2_001, accuracy: 1)
    }

    func testPolylineAcrossTheAntimeridianHasItsShortLength() {
        let line = Polyline(points: [Coordinate(lat: 0, lon: 179.999), Coordinate(lat: 0, lon: -179.999)])
        XCTAssertEqual(line.lengthMetres, 222.4, accuracy: 0.1)
    }

    func testDouglasPeuckerDropsPointsWithinTheTolerance() {
        var points: [Coordinate] = []
        for index in 0...100 {
            points.append(Coordinate(lat: (index % 2 == 0 ? 0 : 0.00002), lon: Double(index) * 0.0001))
        }
        let simplified = DouglasPeucker.simplify(points, toleranceMetres: 5)
        XCTAssertEqual(simplified, [points[0], points[100]])
        XCTAssertEqual(DouglasPeucker.simplify(points, toleranceMetres: 1).count, points.count)
    }

    func testDouglasPeuckerKeepsACorner() {
        let points = [
            Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 0.005), Coordinate(lat: 0, lon: 0.01),
            Coordinate(lat: 0.005, lon: 0.01), Coordinate(lat: 0.01, lon: 0.01),
        ]
        XCTAssertEqual(DouglasPeucker.simplify(points, toleranceMetres: 10), [points[0], points[2], points[4]])
        XCTAssertEqual(DouglasPeucker.simplify(Array(points.prefix(2)), toleranceMetres: 10).count, 2)
    }
}
