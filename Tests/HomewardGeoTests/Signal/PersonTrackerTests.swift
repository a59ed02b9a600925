import XCTest
@testable import HomewardGeo

final class PersonTrackerTests: XCTestCase {
    let scene = Scene()

    func testOutOfOrderFixesChangeNothing() {
        var tracker = PersonTracker()
        _ = tracker.ingest(scene.fix(x: 0, y: 0, t: 100))
        XCTAssertEqual(tracker.ingest(scene.fix(x: 500, y: 0, t: 50)), [])
        XCTAssertEqual(tracker.status.lastGoodFix?.t, 100)
        XCTAssertEqual(tracker.ingest(scene.fix(x: 500, y: 0, t: 100)), [])
        XCTAssertEqual(tracker.status.lastGoodFix?.t, 100)
    }

    func testMotionStateFollowsWalkingAndStanding() {
        var tracker = PersonTracker()
        var random = SeededGenerator(seed: 8)
        var events = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 300, startTime: 0, noise: &random).flatMap { tracker.ingest($0) }
        XCTAssertEqual(tracker.status.state, .stationary)
        events += scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 500, y: 0), speed: 1.4, startTime: 300, noise: &random)
            .flatMap { tracker.ingest($0) }
        XCTAssertEqual(tracker.status.state, .moving)
        XCTAssertEqual(events.filter { if case .stateChanged = $0 { true } else { false } }, [.stateChanged(.stationary), .stateChanged(.moving)])
        XCTAssertEqual(tracker.status.smoothedSpeedMetresPerSecond, 1.4, accuracy: 0.3)
    }

    func testAStayOfFiveMinutesIsReportedWithItsCentre() {
        var tracker = PersonTracker()
        var random = SeededGenerator(seed: 6)
        for fix in scene.stand(at: PlanarPoint(x: 40, y: 40), seconds: 400, startTime: 0, interval: 5, noise: &random) {
            _ = tracker.ingest(fix)
        }
        let stay = try? XCTUnwrap(tracker.status.stay)
        XCTAssertEqual(stay?.since, 0)
        XCTAssertEqual(Haversine.distanceMetres(from: try XCTUnwrap(stay?.center), to: scene.coordinate(x: 40, y: 40)), 0, accuracy: 5)
    }

    func testStatusWithoutFixesIsUnknown() {
        let status = PersonTracker(zones: []).status
        XCTAssertEqual(status.state, .unknown)
        XCTAssertNil(status.lastGoodFix)
        XCTAssertNil(status.zoneName)
        XCTAssertNil(status.distanceFromHomeMetres)
    }

    func testPacingIsReportedAsWanderingAndEndsWhenThePersonLeaves() {
        var tracker = PersonTracker()
        var random = SeededGenerator(seed: 12)
        var fixes: [Fix] = []
        var t = 0.0
        for leg in 0..<30 {
            let (from, to) = leg % 2 == 0 ? (PlanarPoint(x: 0, y: 0), PlanarPoint(x: 50, y: 0)) : (PlanarPoint(x: 50, y: 0), PlanarPoint(x: 0, y: 0))
            fixes += scene.walk(from: from, to: to, speed: 1, startTime: t, noise: &random, noiseSigmaMetres: 1)
            t += 50
        }
        fixes += scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 0, y: 1_000), speed: 1.3, startTime: t, noise: &random)
        let events = fixes.flatMap { tracker.ingest($0) }.filter {
            switch $0 {
            case .wanderingStarted, .wanderingEnded: true
            default: false
            }
        }
        XCTAssertEqual(events.count, 2, "\(events)")
        guard case .wanderingStarted(.pacing, let score) = events.first else { return XCTFail("\(events)") }
        XCTAssertGreaterThan(score, 0.5)
        XCTAssertEqual(events.last, .wanderingEnded)
    }

    func testTrackerStateSurvivesAJsonRoundTrip() throws {
        let zone = SafeZone(id: "home", name: "Home", shape: .circle(Circle(center: scene.center, radiusMetres: 80)), isHome: true,
                            schedule: WeeklySchedule(windows: [ScheduleWindow(days: Weekday.everyDay, startSecondOfDay: 0, endSecondOfDay: 86_400)]),
                            expectedPresence: ExpectedPresenceRule(deadlineSecondOfDay: 22 * 3_600))
        var original = PersonTracker(zones: [zone])
        var random = SeededGenerator(seed: 21)
        let fixes = scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 800, y: 0), speed: 1.3, startTime: 0, noise: &random)
        for fix in fixes.prefix(200) { _ = original.ingest(fix) }
        var restored = try JSONDecoder().decode(PersonTracker.self, from: JSONEncoder().encode(original))
        XCTAssertEqual(restored, original)
        for fix in fixes.dropFirst(200) {
            XCTAssertEqual(restored.ingest(fix), original.ingest(fix))
        }
        XCTAssertEqual(restored.status, original.status)
    }
}
