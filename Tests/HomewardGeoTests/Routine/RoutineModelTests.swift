import XCTest
@testable import HomewardGeo

final class RoutineModelTests: XCTestCase {
    let scene = Scene()
    static let work = PlanarPoint(x: 3_000, y: 1_000)

    /// A workday: home until 8:30, a walk and ride to work, work until 17:30, the same way back.
    func commute(day: Int, random: inout SeededGenerator, leaveHour: Double = 8.5, to place: PlanarPoint = work) -> [Fix] {
        let start = Scene.monday + Double(day) * 86_400 + leaveHour * 3_600
        let corner = PlanarPoint(x: place.x, y: 0)
        var fixes = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 600, startTime: start - 600, interval: 30, noise: &random)
        fixes += scene.walk(from: PlanarPoint(x: 0, y: 0), to: corner, speed: 6, startTime: start, interval: 10, noise: &random)
        let turn = start + abs(place.x) / 6
        fixes += scene.walk(from: corner, to: place, speed: 1.3, startTime: turn, interval: 10, noise: &random)
        let arrive = turn + abs(place.y) / 1.3
        fixes += scene.stand(at: place, seconds: 1_800, startTime: arrive, interval: 30, noise: &random)
        let back = start + 9 * 3_600
        fixes += scene.walk(from: place, to: corner, speed: 1.3, startTime: back, interval: 10, noise: &random)
        fixes += scene.walk(from: corner, to: PlanarPoint(x: 0, y: 0), speed: 6, startTime: back + abs(place.y) / 1.3, interval: 10,
                            noise: &random)
        return fixes
    }

    func learnedRoutine(days: Int) -> RoutineModel {
        var random = SeededGenerator(seed: 9)
        var routine = RoutineModel(cellMetres: 250, maxCells: 1_024)
        for day in 0..<days {
            for fix in commute(day: day, random: &random) {
                routine.learn(fix.coordinate, at: LocalTime(t: fix.t, utcOffsetSeconds: 0), t: fix.t, maxGapSeconds: 600,
                              maxJumpMetres: 5_000)
            }
        }
        return routine
    }

    func isUsual(_ routine: RoutineModel, _ point: PlanarPoint, day: Int, hour: Double) -> Bool {
        let t = Scene.monday + Double(day) * 86_400 + hour * 3_600
        return routine.isUsual(scene.coordinate(x: point.x, y: point.y), at: LocalTime(t: t, utcOffsetSeconds: 0),
                               minimumDays: 2, toleranceHours: 2)
    }

    func testTheUsualPlaceAndCorridorAtTheUsualHourAreUsual() {
        let routine = learnedRoutine(days: 4)
        XCTAssertEqual(routine.daysBefore(4), 4)
        XCTAssertTrue(isUsual(routine, Self.work, day: 4, hour: 9))
        XCTAssertTrue(isUsual(routine, PlanarPoint(x: 1_500, y: 0), day: 4, hour: 8.6), "the corridor between fixes")
        XCTAssertTrue(isUsual(routine, PlanarPoint(x: 1_500, y: 120), day: 4, hour: 8.6), "beside the corridor")
    }

    func testTheUsualPlaceAtThreeInTheMorningOrAPlaceOffTheCorridorIsNot() {
        let routine = learnedRoutine(days: 4)
        XCTAssertFalse(isUsual(routine, Self.work, day: 4, hour: 3))
        XCTAssertFalse(isUsual(routine, PlanarPoint(x: 1_500, y: -2_000), day: 4, hour: 8.6))
        XCTAssertFalse(isUsual(routine, PlanarPoint(x: -3_000, y: 0), day: 4, hour: 9))
    }

    func testOneDayIsNotYetAHabit() {
        let routine = learnedRoutine(days: 1)
        XCTAssertFalse(isUsual(routine, Self.work, day: 1, hour: 9))
        XCTAssertFalse(isUsual(learnedRoutine(days: 2), Self.work, day: 1, hour: 9), "today's visit does not count")
    }

    func testTheTrackerStaysQuietOnTheUsualCommuteAndADaytimeTripButNotAtNight() {
        let zones = [SafeZone(id: "home", name: "Home", shape: .circle(Circle(center: scene.center, radiusMetres: 150)), isHome: true)]
        var random = SeededGenerator(seed: 4)
        var tracker = PersonTracker(zones: zones)
        func farAlerts(_ fixes: [Fix]) -> Int {
            fixes.flatMap { tracker.ingest($0) }.filter { if case .farFromHome = $0 { true } else { false } }.count
        }
        var learning = 0
        for day in 0..<8 { learning += farAlerts(commute(day: day, random: &random)) }
        XCTAssertEqual(learning, 0, "daytime trips while the routine is learned")
        XCTAssertEqual(farAlerts(commute(day: 8, random: &random)), 0, "the usual commute")
        XCTAssertEqual(farAlerts(commute(day: 9, random: &random, leaveHour: 1.5)), 1, "the same place at night")
        XCTAssertEqual(farAlerts(commute(day: 10, random: &random, to: PlanarPoint(x: -3_000, y: -1_000))), 0,
                       "a new place by day, reached directly")
        XCTAssertEqual(farAlerts(commute(day: 11, random: &random, leaveHour: 22.5, to: PlanarPoint(x: -3_000, y: -1_000))), 1,
                       "a new place at night")
    }

    func testTheRoutineForgetsItsLeastUsedCellsBeyondItsLimit() {
        var routine = RoutineModel(cellMetres: 250, maxCells: 64)
        let usual = scene.coordinate(x: 0, y: 0)
        for day in 0..<3 {
            let t = Scene.monday + Double(day) * 86_400 + 9 * 3_600
            routine.learn(usual, at: LocalTime(t: t, utcOffsetSeconds: 0), t: t, maxGapSeconds: 0, maxJumpMetres: 0)
        }
        for index in 0..<500 {
            let t = Scene.monday + 3 * 86_400 + 9 * 3_600 + Double(index) * 700
            routine.learn(scene.coordinate(x: 1_000 + Double(index % 25) * 300, y: Double(index / 25) * 300),
                          at: LocalTime(t: t, utcOffsetSeconds: 0), t: t, maxGapSeconds: 0, maxJumpMetres: 0)
        }
        XCTAssertLessThanOrEqual(routine.cells.count, 64)
        XCTAssertTrue(routine.isUsual(usual, at: LocalTime(t: Scene.monday + 9 * 86_400 + 9 * 3_600, utcOffsetSeconds: 0),
                                      minimumDays: 2, toleranceHours: 2), "the place seen on three days is kept")
    }
}
