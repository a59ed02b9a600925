import XCTest
@testable import HomewardGeo

/// Far from home after a night departure is one wandering alert for the outing: laps walked during
/// it are shown in the status but raise no second alert, unless they go on once far from home no
/// longer covers them. Its clock starts at the first fix that counts (not at the last excused fix
/// before hours of silence), and a night out somewhere the person has been at that hour on earlier
/// days is no alarm even before the routine is trusted.
final class FarFromHomeOutingTests: XCTestCase {
    private let scene = Scene()
    private let homeZone = SafeZone(
        id: "home", name: "Home", shape: .circle(Circle(center: Scene().center, radiusMetres: 150)), isHome: true)

    /// Laps round a circle of `lapMetres` centred at `centre` at 1.05 m/s, a fix every 5 s with 4 m
    /// of noise and an accuracy of 12 m, for `minutes` from `start`.
    private func laps(around centre: PlanarPoint, lapMetres: Double, minutes: Double, start: UnixSeconds,
                      noise: inout SeededGenerator) -> [Fix] {
        let radius = lapMetres / (2 * .pi)
        return stride(from: 0.0, to: minutes * 60, by: 5).map { elapsed in
            let angle = -Double.pi / 2 + elapsed * 1.05 / radius
            return scene.fix(x: centre.x + radius * cos(angle) + noise.gaussian(sigma: 4),
                             y: centre.y + radius * sin(angle) + noise.gaussian(sigma: 4), t: start + elapsed, accuracy: 12)
        }
    }

    /// Ten minutes at home, then out of the door at `departure` on foot to 1.8 km north, there
    /// `lapMinutes` of laps of 200 m, then home again on foot; returns the fixes and when the laps began.
    private func nightWalk(departure: UnixSeconds, lapMinutes: Double, seed: UInt64) -> (fixes: [Fix], lapsFrom: UnixSeconds) {
        var noise = SeededGenerator(seed: seed)
        let home = PlanarPoint(x: 0, y: 0), park = PlanarPoint(x: 0, y: 1_800)
        var fixes = scene.stand(at: home, seconds: 600, startTime: departure - 600, interval: 30, noise: &noise)
        fixes += scene.walk(from: home, to: PlanarPoint(x: 0, y: 1_768), speed: 1.2, startTime: departure, interval: 5,
                            noise: &noise)
        let lapsFrom = fixes.last!.t + 5
        fixes += laps(around: park, lapMetres: 200, minutes: lapMinutes, start: lapsFrom, noise: &noise)
        fixes += scene.walk(from: PlanarPoint(x: 0, y: 1_768), to: home, speed: 1.2, startTime: fixes.last!.t + 5,
                            interval: 5, noise: &noise)
        fixes += scene.stand(at: home, seconds: 600, startTime: fixes.last!.t + 5, interval: 30, noise: &noise)
        return (fixes, lapsFrom)
    }

    private struct Told {
        var farFromHome: [UnixSeconds] = []
        var wanderingStarted: [UnixSeconds] = []
        var patternsInStatus: Set<WanderingPattern> = []
    }

    private func replay(_ fixes: [Fix], configuration: TrackerConfiguration = TrackerConfiguration()) -> Told {
        var tracker = PersonTracker(configuration: configuration, zones: [homeZone])
        var told = Told()
        for fix in fixes {
            for event in tracker.ingest(fix) {
                if case .farFromHome = event { told.farFromHome.append(fix.t) }
                if case .wanderingStarted = event { told.wanderingStarted.append(fix.t) }
            }
            if let pattern = tracker.status.wandering?.pattern { told.patternsInStatus.insert(pattern) }
        }
        return told
    }

    func testLapsDuringANightFarFromHomeRaiseNoSecondAlertButShowInTheStatus() {
        let walk = nightWalk(departure: Scene.monday + 2 * 3_600, lapMinutes: 20, seed: 41)
        let told = replay(walk.fixes)
        XCTAssertEqual(told.farFromHome.count, 1)
        XCTAssertLessThan(told.farFromHome.first ?? .infinity, walk.lapsFrom, "far from home is told on the way out")
        XCTAssertEqual(told.wanderingStarted, [], "the laps are the same outing: no second alert")
        XCTAssertTrue(told.patternsInStatus.contains(.lapping), "the status still shows the laps")
    }

    func testTheSameLapsByDayAreToldAsWandering() {
        // By day, before a routine, the walk out is no alarm: the laps are told as they were.
        let walk = nightWalk(departure: Scene.monday + 14 * 3_600, lapMinutes: 20, seed: 41)
        let told = replay(walk.fixes)
        XCTAssertEqual(told.farFromHome, [])
        XCTAssertEqual(told.wanderingStarted.count, 1)
        XCTAssertGreaterThanOrEqual(told.wanderingStarted.first ?? 0, walk.lapsFrom)
    }

    func testLapsThatGoOnOnceTheNightIsOverAreToldThen() {
        // Out at 05:30, laps from about 05:56 to 08:26: far from home covers them until 08:00 (the
        // night departure weighs until then), and the laps still under way are told after it.
        let walk = nightWalk(departure: Scene.monday + 5.5 * 3_600, lapMinutes: 150, seed: 42)
        let told = replay(walk.fixes)
        let eight = Scene.monday + 8 * 3_600
        XCTAssertEqual(told.farFromHome.count, 1)
        XCTAssertEqual(told.wanderingStarted.count, 1, "\(told.wanderingStarted)")
        XCTAssertGreaterThanOrEqual(told.wanderingStarted.first ?? 0, eight)
        XCTAssertLessThanOrEqual(told.wanderingStarted.first ?? .infinity, eight + 300)
    }

    func testTheClockStartsAtTheFirstFixThatCountsNotBeforeASilence() {
        // Out at 23:30 to a friend's flat 300 m away (a night departure), at 10:00 across town on
        // foot (by day: no alarm), there until 12:00, then silent until 23:00, then a fix every 30 s.
        var noise = SeededGenerator(seed: 43)
        let night = Scene.monday + 23.5 * 3_600
        let flat = PlanarPoint(x: 300, y: 0), town = PlanarPoint(x: 2_500, y: 0)
        var fixes = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 600, startTime: night - 600, interval: 30, noise: &noise)
        fixes += scene.walk(from: PlanarPoint(x: 0, y: 0), to: flat, speed: 1.2, startTime: night, interval: 10, noise: &noise)
        let morning = Scene.monday + 34 * 3_600
        fixes += scene.stand(at: flat, seconds: morning - night - 300, startTime: night + 300, interval: 120, noise: &noise)
        fixes += scene.walk(from: flat, to: town, speed: 1.2, startTime: morning, interval: 10, noise: &noise)
        fixes += scene.stand(at: town, seconds: Scene.monday + 36 * 3_600 - fixes.last!.t - 30, startTime: fixes.last!.t + 30,
                             interval: 30, noise: &noise)
        let evening = Scene.monday + 47 * 3_600
        fixes += scene.stand(at: town, seconds: 900, startTime: evening, interval: 30, noise: &noise)
        let told = replay(fixes)
        XCTAssertEqual(told.farFromHome.count, 1, "\(told.farFromHome.map { $0 - evening })")
        XCTAssertGreaterThanOrEqual(told.farFromHome.first ?? 0, evening + 300, "five minutes far, counted from 23:00")
        XCTAssertLessThanOrEqual(told.farFromHome.first ?? .infinity, evening + 330)
    }

    /// Days `days`: at home until 23:00, a drive at 10 m/s to `place`, there until 05:00, home again.
    private func nightShifts(_ days: Range<Int>, at place: (Int) -> PlanarPoint, noise: inout SeededGenerator) -> [Fix] {
        let home = PlanarPoint(x: 0, y: 0)
        var fixes: [Fix] = []
        var t = Scene.monday + Double(days.lowerBound) * 86_400
        for number in days {
            let midnight = Scene.monday + Double(number) * 86_400
            fixes += scene.stand(at: home, seconds: midnight + 23 * 3_600 - t, startTime: t, interval: 120, noise: &noise)
            fixes += scene.walk(from: home, to: place(number), speed: 10, startTime: midnight + 23 * 3_600, interval: 10,
                                noise: &noise)
            let back = midnight + 29 * 3_600
            fixes += scene.stand(at: place(number), seconds: back - fixes.last!.t - 60, startTime: fixes.last!.t + 60,
                                 interval: 60, noise: &noise)
            fixes += scene.walk(from: place(number), to: home, speed: 10, startTime: back, interval: 10, noise: &noise)
            t = fixes.last!.t + 120
        }
        fixes += scene.stand(at: home, seconds: 3_600, startTime: t, interval: 120, noise: &noise)
        return fixes
    }

    func testANightOutWhereThePersonIsUsuallyAtThatHourIsNoAlarmBeforeTheRoutineIsTrusted() {
        let usual = PlanarPoint(x: 2_500, y: 0)
        for (tonight, expected) in [(usual, 0), (PlanarPoint(x: -2_500, y: 0), 1)] {
            var noise = SeededGenerator(seed: 44)
            var tracker = PersonTracker(zones: [homeZone])
            let fourthEvening = Scene.monday + 3 * 86_400 + 22 * 3_600
            var events: [GeoEvent] = []
            for fix in nightShifts(0..<4, at: { $0 < 3 ? usual : tonight }, noise: &noise) {
                let found = tracker.ingest(fix)
                if fix.t >= fourthEvening { events += found }
            }
            XCTAssertTrue(events.contains(.leftHomeAtNight(zoneId: "home")), "the night departure is still told")
            XCTAssertEqual(events.filter { if case .farFromHome = $0 { true } else { false } }.count, expected,
                           "tonight at \(tonight.x) m")
        }
    }
}
