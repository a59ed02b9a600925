import XCTest
@testable import HomewardGeo

final class SignalFilterTests: XCTestCase {
    let scene = Scene()
    let configuration = TrackerConfiguration()

    func accept(_ filter: inout SignalFilter, _ fix: Fix) -> FilteredFix? {
        if case .accepted(let filtered) = filter.filter(fix, prepared: SphericalPoint(fix.coordinate), configuration: configuration) { return filtered }
        return nil
    }

    func reason(_ filter: inout SignalFilter, _ fix: Fix) -> RejectionReason? {
        if case .rejected(let reason) = filter.filter(fix, prepared: SphericalPoint(fix.coordinate), configuration: configuration) { return reason }
        return nil
    }

    func testOutOfOrderAndDuplicateFixesAreIgnored() {
        var filter = SignalFilter()
        XCTAssertNotNil(accept(&filter, scene.fix(x: 0, y: 0, t: 100)))
        XCTAssertEqual(reason(&filter, scene.fix(x: 1, y: 0, t: 99)), .outOfOrder)
        XCTAssertEqual(reason(&filter, scene.fix(x: 1, y: 0, t: 100)), .duplicateTime)
        XCTAssertEqual(filter.lastAccepted?.t, 100)
    }

    func testPoorAccuracyAndInvalidFixesAreDropped() {
        var filter = SignalFilter()
        XCTAssertEqual(reason(&filter, scene.fix(x: 0, y: 0, t: 1, accuracy: 150)), .poorAccuracy)
        XCTAssertEqual(reason(&filter, Fix(t: 2, lat: 91, lon: 0)), .invalid)
        XCTAssertEqual(reason(&filter, Fix(t: .nan, lat: 0, lon: 0)), .invalid)
        let assumed = accept(&filter, scene.fix(x: 0, y: 0, t: 3, accuracy: nil))
        XCTAssertEqual(assumed?.accuracyMetres, configuration.assumedAccuracyMetres)
    }

    func testASingleWildJumpIsRejectedButARealRelocationIsAccepted() {
        var filter = SignalFilter()
        for second in 0..<30 { _ = accept(&filter, scene.fix(x: 0, y: 0, t: Double(second))) }
        XCTAssertEqual(reason(&filter, scene.fix(x: 2_000, y: 0, t: 30)), .impossibleJump)
        XCTAssertNotNil(accept(&filter, scene.fix(x: 1, y: 0, t: 31)))
        XCTAssertEqual(reason(&filter, scene.fix(x: 5_000, y: 0, t: 40)), .impossibleJump)
        XCTAssertEqual(reason(&filter, scene.fix(x: 5_000, y: 0, t: 41)), .impossibleJump)
        let relocated = accept(&filter, scene.fix(x: 5_000, y: 0, t: 42))
        XCTAssertEqual(relocated?.startsSegment, true)
    }

    func testACorroboratedFixBeyondTheGateIsAMoveButAnImpossibleOneIsNot() {
        var filter = SignalFilter()
        for minute in 0..<12 { _ = accept(&filter, scene.fix(x: 0, y: 0, t: Double(minute) * 300, accuracy: 15)) }
        let beyondGate = scene.fix(x: 150, y: 0, t: 3_420, accuracy: 12)
        var uncorroborated = filter
        XCTAssertEqual(reason(&uncorroborated, beyondGate), .impossibleJump)
        var corroborated = filter
        let moved = corroborated.filter(beyondGate, prepared: SphericalPoint(beyondGate.coordinate), configuration: configuration, corroborated: true)
        guard case .accepted(let filtered) = moved else { return XCTFail("\(moved)") }
        XCTAssertTrue(filtered.startsSegment)
        XCTAssertEqual(corroborated.lastAccepted, beyondGate)
        let impossible = scene.fix(x: 500_000, y: 0, t: 3_421, accuracy: 12)
        XCTAssertEqual(
            corroborated.filter(impossible, prepared: SphericalPoint(impossible.coordinate), configuration: configuration, corroborated: true),
            .rejected(.impossibleJump))
    }

    func testAGapStartsANewSegment() {
        var filter = SignalFilter()
        _ = accept(&filter, scene.fix(x: 0, y: 0, t: 0))
        XCTAssertEqual(accept(&filter, scene.fix(x: 5, y: 0, t: 10))?.startsSegment, false)
        XCTAssertEqual(accept(&filter, scene.fix(x: 200, y: 0, t: 1_000))?.startsSegment, true)
    }

    func testSpeedIsSmoothedFromReportedSpeeds() {
        var filter = SignalFilter()
        var random = SeededGenerator(seed: 1)
        var last: FilteredFix?
        for second in 0..<300 {
            last = accept(&filter, scene.fix(
                x: 1.4 * Double(second), y: 0, t: Double(second), speed: 1.4 + random.gaussian(sigma: 0.5)))
        }
        XCTAssertEqual(try XCTUnwrap(last).smoothedSpeedMetresPerSecond, 1.4, accuracy: 0.2)
    }

    func testSpeedIsImpliedFromPositionsWhenNotReported() {
        var filter = SignalFilter()
        var random = SeededGenerator(seed: 2)
        var last: FilteredFix?
        for second in stride(from: 0.0, to: 600, by: 5) {
            last = accept(&filter, scene.fix(
                x: 1.3 * second + random.gaussian(sigma: 4), y: random.gaussian(sigma: 4), t: second, accuracy: 10))
        }
        XCTAssertEqual(try XCTUnwrap(last).smoothedSpeedMetresPerSecond, 1.3, accuracy: 0.2)
    }

    func testSmoothingShrinksJitter() {
        var filter = SignalFilter()
        var random = SeededGenerator(seed: 3)
        var squares = 0.0, count = 0.0
        for second in 0..<3_600 {
            let smoothed = accept(&filter, scene.fix(
                x: random.gaussian(sigma: 20), y: random.gaussian(sigma: 20), t: Double(second), accuracy: 30))
            if let smoothed {
                squares += smoothed.smoothed.squaredDistance(to: PlanarPoint(x: 0, y: 0))
                count += 1
            }
        }
        XCTAssertLessThan((squares / count).squareRoot(), 28.0 / 2, "raw fixes scatter 28 m RMS")
    }

    func testStayPointNeedsTheRadiusAndTheTime() {
        var detector = StayPointDetector(radiusMetres: 100, minimumSeconds: 300)
        for second in stride(from: 0.0, through: 290, by: 10) { detector.add(PlanarPoint(x: second / 10, y: 0), at: second) }
        XCTAssertFalse(detector.isStaying)
        detector.add(PlanarPoint(x: 50, y: 0), at: 300)
        XCTAssertTrue(detector.isStaying)
        XCTAssertEqual(detector.since, 0)
        XCTAssertEqual(try XCTUnwrap(detector.center).x, 485.0 / 31, accuracy: 1e-9)
        detector.add(PlanarPoint(x: 150, y: 0), at: 310)
        XCTAssertFalse(detector.isStaying)
        XCTAssertEqual(detector.since, 310)
    }

    func testRingBufferKeepsTheNewestElementsInOrder() {
        var ring = RingBuffer<Int>(capacity: 3)
        XCTAssertTrue(ring.isEmpty)
        for value in 1...5 { ring.append(value) }
        XCTAssertEqual(ring.elements, [3, 4, 5])
        XCTAssertEqual(ring.first, 3)
        XCTAssertEqual(ring.last, 5)
        ring.removeAll()
        XCTAssertNil(ring.last)
        ring.append(9)
        XCTAssertEqual(ring.elements, [9])
    }
}
