import XCTest
@testable import HomewardGeo

final class RouteProgressTrackerTests: XCTestCase {
    let scene = Scene()

    /// A 2 km route: 1 km east, then 1 km north.
    var route: Polyline {
        Polyline(points: [scene.coordinate(x: 0, y: 0), scene.coordinate(x: 1_000, y: 0), scene.coordinate(x: 1_000, y: 1_000)])
    }

    func testRemainingDistanceFollowsTheRouteAndEtaUsesTheWalkingSpeed() throws {
        var tracker = RouteProgressTracker(route: route, destination: scene.coordinate(x: 1_000, y: 1_000), mode: .walking)
        var random = SeededGenerator(seed: 1)
        var last: RouteProgress?
        for fix in scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 1_000, y: 0), speed: 1.4, startTime: 0, noise: &random) {
            last = tracker.update(with: fix)
        }
        let progress = try XCTUnwrap(last)
        XCTAssertEqual(progress.distanceRemainingMetres, 1_000, accuracy: 10)
        XCTAssertEqual(progress.progressFraction, 0.5, accuracy: 0.01)
        XCTAssertEqual(progress.etaSeconds, 1_000 / 1.4, accuracy: 60)
        XCTAssertFalse(progress.offRoute)
        XCTAssertFalse(progress.stalled)
    }

    func testNoiseNeverMovesProgressBackwards() {
        var tracker = RouteProgressTracker(route: route, destination: scene.coordinate(x: 1_000, y: 1_000), mode: .walking)
        var random = SeededGenerator(seed: 2)
        var previous = -1.0
        for fix in scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 400, y: 0), speed: 1.4, startTime: 0, noise: &random, noiseSigmaMetres: 12, accuracy: 15)
            + scene.stand(at: PlanarPoint(x: 400, y: 0), seconds: 600, startTime: 400 / 1.4, noise: &random, noiseSigmaMetres: 12, accuracy: 15) {
            guard let progress = tracker.update(with: fix) else { continue }
            XCTAssertGreaterThanOrEqual(progress.progressFraction, previous)
            previous = progress.progressFraction
        }
    }

    func testWalkingBackForRealEventuallyMovesProgressBack() throws {
        var tracker = RouteProgressTracker(route: route, destination: scene.coordinate(x: 1_000, y: 1_000), mode: .walking)
        var random = SeededGenerator(seed: 3)
        var last: RouteProgress?
        for fix in scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 600, y: 0), speed: 1.4, startTime: 0, noise: &random)
            + scene.walk(from: PlanarPoint(x: 600, y: 0), to: PlanarPoint(x: 200, y: 0), speed: 1.4, startTime: 600 / 1.4, noise: &random) {
            last = tracker.update(with: fix)
        }
        XCTAssertEqual(try XCTUnwrap(last).distanceRemainingMetres, 1_800, accuracy: 60)
    }

    func testStartingOffTheRouteAndJoiningItFarAlongComesBackOnRoute() throws {
        var tracker = RouteProgressTracker(route: route, destination: scene.coordinate(x: 1_000, y: 1_000), mode: .walking)
        var random = SeededGenerator(seed: 7)
        var fixes = scene.walk(from: PlanarPoint(x: 0, y: -300), to: PlanarPoint(x: 700, y: -300), speed: 1.4, startTime: 0, noise: &random)
        fixes += scene.walk(from: PlanarPoint(x: 700, y: -300), to: PlanarPoint(x: 700, y: 0), speed: 1.4, startTime: 1_000 / 1.4, noise: &random)
        fixes += scene.walk(from: PlanarPoint(x: 700, y: 0), to: PlanarPoint(x: 900, y: 0), speed: 1.4, startTime: 1_300 / 1.4, noise: &random)
        let progresses = fixes.compactMap { tracker.update(with: $0) }
        XCTAssertEqual(progresses.flatMap(\.events).filter { $0 == .offRoute || $0 == .backOnRoute }, [.offRoute, .backOnRoute])
        let last = try XCTUnwrap(progresses.last)
        XCTAssertFalse(last.offRoute)
        XCTAssertEqual(last.distanceRemainingMetres, 1_100, accuracy: 60)
    }

    func testLeavingTheRouteIsConfirmedOnceAndComingBackToo() {
        var tracker = RouteProgressTracker(route: route, destination: scene.coordinate(x: 1_000, y: 1_000), mode: .walking)
        var random = SeededGenerator(seed: 4)
        var fixes = scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 300, y: 0), speed: 1.4, startTime: 0, noise: &random)
        fixes += scene.walk(from: PlanarPoint(x: 300, y: 0), to: PlanarPoint(x: 300, y: -200), speed: 1.4, startTime: 300 / 1.4, noise: &random)
        fixes += scene.walk(from: PlanarPoint(x: 300, y: -200), to: PlanarPoint(x: 300, y: 0), speed: 1.4, startTime: 500 / 1.4, noise: &random)
        fixes += scene.walk(from: PlanarPoint(x: 300, y: 0), to: PlanarPoint(x: 500, y: 0), speed: 1.4, startTime: 700 / 1.4, noise: &random)
        let events = fixes.compactMap { tracker.update(with: $0) }.flatMap(\.events)
        XCTAssertEqual(events, [.offRoute, .backOnRoute])
    }

    func testAnInaccurateFixIsJudgedByTwiceItsAccuracy() {
        var tracker = RouteProgressTracker(route: route, destination: scene.coordinate(x: 1_000, y: 1_000), mode: .walking)
        var events: [RouteEvent] = []
        for second in 0..<120 {
            events += tracker.update(with: scene.fix(x: Double(second), y: -70, t: Double(second), accuracy: 45))?.events ?? []
        }
        XCTAssertEqual(events, [])
    }

    func testOutOfOrderFixesReturnThePreviousProgressWithoutEvents() throws {
        var tracker = RouteProgressTracker(route: route, destination: scene.coordinate(x: 1_000, y: 1_000), mode: .walking)
        XCTAssertNil(tracker.update(with: scene.fix(x: 0, y: 0, t: 10, accuracy: 500)))
        let first = try XCTUnwrap(tracker.update(with: scene.fix(x: 100, y: 0, t: 10)))
        let stale = try XCTUnwrap(tracker.update(with: scene.fix(x: 900, y: 0, t: 5)))
        XCTAssertEqual(stale.distanceRemainingMetres, first.distanceRemainingMetres)
        XCTAssertEqual(stale.events, [])
        XCTAssertEqual(tracker.update(with: scene.fix(x: 900, y: 0, t: 10)), tracker.current)
    }

    func testWithoutARouteTheStraightLineIsStretchedByTheModesCircuity() throws {
        let destination = scene.coordinate(x: 3_000, y: 4_000)
        var walking = RouteProgressTracker(route: nil, destination: destination, mode: .walking)
        var driving = RouteProgressTracker(route: nil, destination: destination, mode: .driving)
        let start = scene.fix(x: 0, y: 0, t: 0)
        XCTAssertEqual(try XCTUnwrap(walking.update(with: start)).distanceRemainingMetres, 5_000 * 1.3, accuracy: 5)
        let driven = try XCTUnwrap(driving.update(with: start))
        XCTAssertEqual(driven.distanceRemainingMetres, 5_000 * 1.2, accuracy: 5)
        XCTAssertEqual(driven.etaSeconds, 6_000 / 10, accuracy: 1, "no movement yet: the mode's default speed")
        XCTAssertEqual(driven.progressFraction, 0)
        XCTAssertEqual(try XCTUnwrap(driving.update(with: scene.fix(x: 1_500, y: 2_000, t: 200, speed: 12))).progressFraction, 0.5, accuracy: 0.01)
    }

    func testElderlyWalkersGetTheirOwnDefaultSpeed() throws {
        var configuration = RouteConfiguration()
        configuration.walking.defaultSpeedMetresPerSecond = 0.9
        var tracker = RouteProgressTracker(route: nil, destination: scene.coordinate(x: 900, y: 0), mode: .walking, configuration: configuration)
        let progress = try XCTUnwrap(tracker.update(with: scene.fix(x: 0, y: 0, t: 0)))
        XCTAssertEqual(progress.etaSeconds, 900 * 1.3 / 0.9, accuracy: 5)
    }

    func testSpeedForTheEtaIsBoundedByTheMode() throws {
        var tracker = RouteProgressTracker(route: nil, destination: scene.coordinate(x: 0, y: 50_000), mode: .driving)
        var last: RouteProgress?
        for second in 0..<60 {
            last = tracker.update(with: scene.fix(x: 0, y: Double(second) * 80, t: Double(second), speed: 80))
        }
        let progress = try XCTUnwrap(last)
        XCTAssertEqual(progress.etaSeconds, progress.distanceRemainingMetres / 35, accuracy: 1)
    }

    func testStandingStillForFiveMinutesStallsAndMovingOnResumes() {
        var tracker = RouteProgressTracker(route: route, destination: scene.coordinate(x: 1_000, y: 1_000), mode: .walking)
        var random = SeededGenerator(seed: 5)
        var fixes = scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 200, y: 0), speed: 1.4, startTime: 0, noise: &random)
        fixes += scene.stand(at: PlanarPoint(x: 200, y: 0), seconds: 400, startTime: 200 / 1.4, noise: &random)
        fixes += scene.walk(from: PlanarPoint(x: 200, y: 0), to: PlanarPoint(x: 400, y: 0), speed: 1.4, startTime: 200 / 1.4 + 400, noise: &random)
        let events = fixes.compactMap { tracker.update(with: $0) }.flatMap(\.events)
        XCTAssertEqual(events, [.stalled, .resumed])
        XCTAssertFalse(tracker.current?.stalled ?? true)
    }

    func testAnOutAndBackRouteIsFollowedOnItsReturnLeg() throws {
        let outAndBack = Polyline(points: [scene.coordinate(x: 0, y: 0), scene.coordinate(x: 500, y: 0), scene.coordinate(x: 0, y: 0)])
        var tracker = RouteProgressTracker(route: outAndBack, destination: scene.coordinate(x: 0, y: 0), mode: .walking)
        var random = SeededGenerator(seed: 6)
        var last: RouteProgress?
        for fix in scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 500, y: 0), speed: 1.4, startTime: 0, noise: &random)
            + scene.walk(from: PlanarPoint(x: 500, y: 0), to: PlanarPoint(x: 100, y: 0), speed: 1.4, startTime: 500 / 1.4, noise: &random) {
            last = tracker.update(with: fix)
        }
        XCTAssertEqual(try XCTUnwrap(last).distanceRemainingMetres, 100, accuracy: 10)
    }

    func testProgressRoundTripsThroughJson() throws {
        var tracker = RouteProgressTracker(route: route, destination: scene.coordinate(x: 1_000, y: 1_000), mode: .cycling)
        _ = tracker.update(with: scene.fix(x: 10, y: 0, t: 0))
        var restored = try JSONDecoder().decode(RouteProgressTracker.self, from: JSONEncoder().encode(tracker))
        let next = scene.fix(x: 60, y: 0, t: 10)
        XCTAssertEqual(restored.update(with: next), tracker.update(with: next))
    }
}
