import XCTest
@testable import HomewardGeo

final class TrajectoryFeaturesTests: XCTestCase {
    func features(_ points: [PlanarPoint]) -> TrajectoryFeatures {
        TrajectoryFeatures(points: points, chordSteps: 2, revisitRadiusMetres: 12, revisitMinimumSeparationSteps: 6)
    }

    func testAStraightLineIsPerfectlyStraightAndNeverTurns() {
        let line = features((0..<48).map { PlanarPoint(x: Double($0) * 10, y: 0) })
        XCTAssertEqual(line.straightness, 1, accuracy: 1e-12)
        XCTAssertEqual(line.totalTurningRadians, 0, accuracy: 1e-12)
        XCTAssertEqual(line.reversals, 0)
        XCTAssertEqual(line.revisitFraction, 0)
        XCTAssertEqual(line.selfIntersections, 0)
        XCTAssertEqual(line.elongation, 0, accuracy: 1e-9)
        XCTAssertEqual(line.majorExtentMetres, 470, accuracy: 1e-9)
    }

    func testLapsOfACircleTurnOneWayAndComeBack() {
        let radius = 160 / (2 * Double.pi)
        let laps = features((0..<48).map { index in
            let angle = Double(index) * 10 / radius
            return PlanarPoint(x: radius * cos(angle), y: radius * sin(angle))
        })
        XCTAssertEqual(laps.turns, 2.75, accuracy: 0.25)
        XCTAssertEqual(laps.turnConsistency, 1, accuracy: 1e-9)
        XCTAssertGreaterThan(laps.revisitFraction, 0.5)
        XCTAssertEqual(laps.elongation, 1, accuracy: 0.1)
        XCTAssertLessThan(laps.straightness, 0.1)
    }

    func testPacingReversesAlongAThinCorridor() {
        let pacing = features((0..<48).map { index in
            let phase = index % 10
            return PlanarPoint(x: Double(phase < 5 ? phase : 10 - phase) * 10, y: Double(index % 2))
        })
        XCTAssertGreaterThanOrEqual(pacing.reversals, 8)
        XCTAssertLessThan(pacing.elongation, 0.1)
        XCTAssertGreaterThan(pacing.revisitFraction, 0.5)
        XCTAssertEqual(WanderingClassifier(configuration: TrackerConfiguration()).classify(pacing).pattern, .pacing)
    }

    func testAShortCorridorBlurredByNoiseIsPacingOnlyThroughItsManyReversals() {
        let blurred = features((0..<48).map { index in
            let phase = index % 6
            let wobble = [11.0, -9, 7, -11, 9, -7, 10, -10][index % 8]
            return PlanarPoint(x: Double(phase < 3 ? phase : 6 - phase) * 15, y: wobble)
        })
        XCTAssertGreaterThanOrEqual(blurred.reversals, 12)
        XCTAssertGreaterThan(blurred.elongation, 0.6, "too wide for the other pacing rules")
        XCTAssertLessThanOrEqual(blurred.elongation, 0.85)
        XCTAssertLessThan(blurred.turnConsistency, 0.5)
        var configuration = TrackerConfiguration()
        XCTAssertEqual(WanderingClassifier(configuration: configuration).classify(blurred).pattern, .pacing)
        configuration.pacingVeryManyReversals = 100
        XCTAssertNotEqual(WanderingClassifier(configuration: configuration).classify(blurred).pattern, .pacing)
    }

    func testAFigureEightCrossesItself() {
        let eight = features((0..<60).map { index in
            let angle = (Double(index) + 0.5) / 48 * 2 * .pi
            return PlanarPoint(x: 60 * sin(angle), y: 30 * sin(2 * angle))
        })
        XCTAssertGreaterThanOrEqual(eight.selfIntersections, 1)
    }

    func testEmptyAndSinglePointPathsMeasureNothing() {
        XCTAssertEqual(features([]).straightness, 0)
        XCTAssertEqual(features([PlanarPoint(x: 1, y: 1)]).reversals, 0)
        XCTAssertEqual(features([PlanarPoint(x: 1, y: 1)]).turnConsistency, 0)
    }

    func testClassifierCallsStraightTravelDirect() {
        let line = features((0..<48).map { PlanarPoint(x: Double($0) * 10, y: 0) })
        XCTAssertEqual(WanderingClassifier(configuration: TrackerConfiguration()).classify(line), .direct)
    }
}

private extension MovementClass {
    var pattern: WanderingPattern? {
        if case .wandering(let pattern, _) = self { return pattern }
        return nil
    }
}
