import XCTest
@testable import HomewardGeo

final class ZoneRulesTests: XCTestCase {
    let scene = Scene()
    let vienna = 3_600

    func testLocalTimeKnowsTheWeekdayAndTimeOfDay() {
        let time = LocalTime(t: Scene.monday + 8 * 3_600 - 3_600, utcOffsetSeconds: vienna)
        XCTAssertEqual(time.weekday, .monday)
        XCTAssertEqual(time.secondOfDay, 8 * 3_600)
        XCTAssertEqual(LocalTime(t: Scene.monday - 1, utcOffsetSeconds: 0).weekday, .sunday)
        XCTAssertEqual(LocalTime(t: -1, utcOffsetSeconds: 0).weekday, .wednesday)
        XCTAssertEqual(LocalTime.moment(dayNumber: time.dayNumber, secondOfDay: 8 * 3_600, utcOffsetSeconds: vienna), Scene.monday + 7 * 3_600)
    }

    func testScheduleWindowsIncludingOnesPastMidnight() {
        let school = ScheduleWindow(days: Weekday.workdays, startSecondOfDay: 8 * 3_600, endSecondOfDay: 15 * 3_600)
        XCTAssertTrue(school.contains(LocalTime(t: Scene.monday + 9 * 3_600, utcOffsetSeconds: 0)))
        XCTAssertFalse(school.contains(LocalTime(t: Scene.monday + 15 * 3_600, utcOffsetSeconds: 0)))
        XCTAssertFalse(school.contains(LocalTime(t: Scene.monday - 86_400 + 9 * 3_600, utcOffsetSeconds: 0)))
        let nightShift = ScheduleWindow(days: [.sunday], startSecondOfDay: 22 * 3_600, endSecondOfDay: 6 * 3_600)
        XCTAssertTrue(nightShift.contains(LocalTime(t: Scene.monday + 2 * 3_600, utcOffsetSeconds: 0)))
        XCTAssertTrue(nightShift.contains(LocalTime(t: Scene.monday - 3_600, utcOffsetSeconds: 0)))
        XCTAssertFalse(nightShift.contains(LocalTime(t: Scene.monday + 7 * 3_600, utcOffsetSeconds: 0)))
    }

    func schoolTracker() -> PersonTracker {
        let schedule = WeeklySchedule(windows: [ScheduleWindow(days: Weekday.workdays, startSecondOfDay: 8 * 3_600, endSecondOfDay: 15 * 3_600)])
        return PersonTracker(zones: [SafeZone(
            id: "school", name: "School", shape: .circle(Circle(center: scene.center, radiusMetres: 80)), schedule: schedule)])
    }

    func leaveSchool(_ tracker: inout PersonTracker, atLocalHour hour: Double) -> [GeoEvent] {
        var random = SeededGenerator(seed: 2)
        let start = Scene.monday + hour * 3_600 - Double(vienna)
        var fixes = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 120, startTime: start, noise: &random, utcOffsetSeconds: vienna)
        fixes += scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 300, y: 0), speed: 1.3, startTime: start + 120,
                            noise: &random, utcOffsetSeconds: vienna)
        return fixes.flatMap { tracker.ingest($0) }.filter { if case .leftZone = $0 { true } else { false } }
    }

    func testLeavingSchoolDuringLessonsRaisesAnEvent() {
        var tracker = schoolTracker()
        XCTAssertEqual(leaveSchool(&tracker, atLocalHour: 10), [.leftZone(zoneId: "school")])
    }

    func testLeavingSchoolAfterLessonsIsQuiet() {
        var tracker = schoolTracker()
        XCTAssertEqual(leaveSchool(&tracker, atLocalHour: 15.5), [])
        XCTAssertNil(tracker.status.zoneName)
    }

    func homeTracker(configuration: TrackerConfiguration = TrackerConfiguration()) -> PersonTracker {
        PersonTracker(configuration: configuration, zones: [SafeZone(
            id: "home", name: "Home", shape: .circle(Circle(center: scene.center, radiusMetres: 50)), isHome: true,
            expectedPresence: ExpectedPresenceRule(deadlineSecondOfDay: 22 * 3_600))])
    }

    func testMissingTheHomeByTenDeadlineFiresOncePerDay() {
        var tracker = homeTracker()
        let evening = Scene.monday + 21 * 3_600 - Double(vienna)
        XCTAssertEqual(tracker.ingest(scene.fix(x: 600, y: 0, t: evening, utcOffsetSeconds: vienna)), [])
        XCTAssertEqual(tracker.evaluateClock(now: evening + 1_800, utcOffsetSeconds: vienna), [])
        XCTAssertEqual(tracker.evaluateClock(now: evening + 3_601, utcOffsetSeconds: vienna), [.expectedMissed(zoneId: "home")])
        XCTAssertEqual(tracker.evaluateClock(now: evening + 3_700, utcOffsetSeconds: vienna), [])
        XCTAssertEqual(tracker.evaluateClock(now: evening + 86_400 + 3_601, utcOffsetSeconds: vienna), [.expectedMissed(zoneId: "home")])
    }

    func testBeingHomeByTenIsQuiet() {
        var tracker = homeTracker()
        let evening = Scene.monday + 21 * 3_600 - Double(vienna)
        _ = tracker.ingest(scene.fix(x: 5, y: 0, t: evening, utcOffsetSeconds: vienna))
        _ = tracker.ingest(scene.fix(x: 6, y: 0, t: evening + 10, utcOffsetSeconds: vienna))
        XCTAssertEqual(tracker.status.zoneName, "Home")
        XCTAssertEqual(tracker.evaluateClock(now: evening + 3_601, utcOffsetSeconds: vienna), [])
    }

    func testAFixAfterTheDeadlineAlsoChecksIt() {
        var tracker = homeTracker()
        let evening = Scene.monday + 21 * 3_600 - Double(vienna)
        _ = tracker.ingest(scene.fix(x: 600, y: 0, t: evening, utcOffsetSeconds: vienna))
        let events = tracker.ingest(scene.fix(x: 600, y: 0, t: evening + 3_700, utcOffsetSeconds: vienna))
        XCTAssertTrue(events.contains(.expectedMissed(zoneId: "home")))
    }

    func testLeavingHomeAtNightIsFlaggedAndTimeAwayCounts() {
        var tracker = homeTracker()
        var random = SeededGenerator(seed: 3)
        let night = Scene.monday + 23.5 * 3_600 - Double(vienna)
        var fixes = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 120, startTime: night, noise: &random, utcOffsetSeconds: vienna)
        fixes += scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 0, y: 400), speed: 1.3, startTime: night + 120,
                            noise: &random, utcOffsetSeconds: vienna)
        let events = fixes.flatMap { tracker.ingest($0) }
        XCTAssertTrue(events.contains(.leftZone(zoneId: "home")))
        XCTAssertTrue(events.contains(.leftHomeAtNight(zoneId: "home")))
        let status = tracker.status
        XCTAssertEqual(try XCTUnwrap(status.distanceFromHomeMetres), 400, accuracy: 15)
        XCTAssertEqual(try XCTUnwrap(status.timeAwaySeconds), 300 - 60 / 1.3, accuracy: 30)
    }

    func testFarFromHomeIsReportedAfterTheConfirmationTimeAndEndsBackHome() {
        var configuration = TrackerConfiguration()
        configuration.routineMinimumDays = 0
        var tracker = homeTracker(configuration: configuration)
        var random = SeededGenerator(seed: 5)
        // At night: by day, off a learned routine, far from home alone is not an alarm.
        let start = Scene.monday + 23 * 3_600
        var fixes = scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 1_000, y: 0), speed: 1.4, startTime: start, noise: &random)
        fixes += scene.stand(at: PlanarPoint(x: 1_000, y: 0), seconds: 600, startTime: start + 1_000 / 1.4, noise: &random)
        var events = fixes.flatMap { tracker.ingest($0) }
        XCTAssertEqual(events.filter { if case .farFromHome = $0 { true } else { false } }.count, 1)
        XCTAssertEqual(tracker.status.wandering?.pattern, .farFromHome)
        events = scene.walk(from: PlanarPoint(x: 1_000, y: 0), to: PlanarPoint(x: 0, y: 0), speed: 1.4, startTime: start + 1_400, noise: &random)
            .flatMap { tracker.ingest($0) }
        XCTAssertTrue(events.contains(.farFromHomeEnded))
        XCTAssertNil(tracker.status.wandering)
    }

    func testFarFromHomeBeforeTheRoutineIsLearnedNeedsANightDeparture() {
        var random = SeededGenerator(seed: 5)
        for (hour, expected) in [(10.0, 0), (23.0, 1)] {
            var tracker = homeTracker()
            let start = Scene.monday + hour * 3_600
            var fixes = scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 1_000, y: 0), speed: 1.4, startTime: start,
                                   noise: &random)
            fixes += scene.stand(at: PlanarPoint(x: 1_000, y: 0), seconds: 600, startTime: start + 1_000 / 1.4, noise: &random)
            let events = fixes.flatMap { tracker.ingest($0) }
            XCTAssertEqual(events.filter { if case .farFromHome = $0 { true } else { false } }.count, expected, "at \(hour) h")
        }
    }
}
