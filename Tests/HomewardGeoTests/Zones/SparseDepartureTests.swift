import XCTest
@testable import HomewardGeo

/// Departures as a sparse phone (a fix every 30 s, no accuracy reported, as GPSLogger logs) shows
/// them, a phone that wakes up on its way home, and a night departure by day.
final class SparseDepartureTests: XCTestCase {
    let scene = Scene()

    private func home(radius: Double = 150) -> SafeZone {
        SafeZone(id: "home", name: "Home", shape: .circle(Circle(center: scene.center, radiusMetres: radius)), isHome: true)
    }

    /// The moments of the zone exits the fixes raise.
    private func exits(_ fixes: [Fix], configuration: TrackerConfiguration = TrackerConfiguration()) -> [UnixSeconds] {
        var tracker = PersonTracker(configuration: configuration, zones: [home()])
        return fixes.flatMap { fix in
            tracker.ingest(fix).compactMap { event -> UnixSeconds? in
                if case .leftZone = event { return fix.t }
                return nil
            }
        }
    }

    /// Ten minutes at home, a fix every 30 s with no accuracy, then `leg` fixes at 32 s along `heading`.
    private func sittingThen(_ leg: [PlanarPoint], start: UnixSeconds) -> [Fix] {
        var random = SeededGenerator(seed: 11)
        var fixes = scene.stand(
            at: PlanarPoint(x: 0, y: 0), seconds: 600, startTime: start, interval: 30, noise: &random
        ).map { Fix(t: $0.t, lat: $0.lat, lon: $0.lon, accuracy: nil, utcOffsetSeconds: 0) }
        for (index, point) in leg.enumerated() {
            fixes.append(scene.fix(x: point.x, y: point.y, t: start + 600 + Double(index + 1) * 32, accuracy: nil))
        }
        return fixes
    }

    /// A car setting off from home at 7 m/s: its first fix 224 m out is beyond the filter's gate from
    /// a resting phone, and so is the second. The second carries on from the first, farther and on
    /// the same heading, so both are trusted at once and the exit is raised with the second fix; with
    /// the rule off, the filter waits for a third refusal and the exit comes two fixes later.
    func testACarSettingOffBetweenTwoSparseFixesRaisesTheExitWithTheSecond() {
        let start = Scene.monday + 10 * 3_600
        let leg = (1...6).map { PlanarPoint(x: Double($0) * 224 * 0.8, y: Double($0) * 224 * 0.6) }
        let fixes = sittingThen(leg, start: start)
        XCTAssertEqual(exits(fixes), [start + 600 + 64])
        var off = TrackerConfiguration()
        off.departureMinProgressMetres = 0
        let later = exits(fixes, configuration: off)
        XCTAssertEqual(later.count, 1)
        XCTAssertGreaterThan(later.first ?? 0, start + 600 + 64)
    }

    /// Two wild fixes in a row from a resting phone that do not carry on from each other (multipath
    /// scatters: one east, one north) are both refused, and the phone is home again: no exit.
    func testTwoScatteredWildFixesFromARestingPhoneAreNoDeparture() {
        let start = Scene.monday + 10 * 3_600
        var fixes = sittingThen([PlanarPoint(x: 330, y: 0), PlanarPoint(x: -40, y: 340)], start: start)
        var random = SeededGenerator(seed: 12)
        fixes += scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 600, startTime: start + 600 + 96, interval: 30, noise: &random)
        XCTAssertEqual(exits(fixes), [])
        // A lone wild fix inside a stay is refused alone, and the next fix at home is used.
        var filter = SignalFilter()
        let configuration = TrackerConfiguration()
        var outcomes: [Bool] = []
        for fix in sittingThen([PlanarPoint(x: 400, y: 0)], start: start) + [scene.fix(x: 2, y: 1, t: start + 700, accuracy: nil)] {
            if case .accepted = filter.filter(fix, prepared: SphericalPoint(fix.coordinate), configuration: configuration) {
                outcomes.append(true)
            } else {
                outcomes.append(false)
            }
        }
        XCTAssertEqual(outcomes.suffix(2), [false, true])
    }

    /// The phone slept through the departure (eight minutes without a fix, less than the silence
    /// that decides at once) and wakes up 2.5 km out on the way home at 15 m/s: the exit waits while
    /// the person comes back, and they are home before it would decide. Leaving again is raised.
    func testAPhoneThatWakesUpOnTheWayHomeRaisesNoExit() {
        var random = SeededGenerator(seed: 13)
        let start = Scene.monday + 10 * 3_600
        var fixes = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 600, startTime: start, interval: 5, noise: &random)
        var t = start + 600 + 480
        let back = scene.walk(from: PlanarPoint(x: 2_650, y: 0), to: PlanarPoint(x: 20, y: 0), speed: 15, startTime: t,
                              interval: 5, noise: &random)
        fixes += back
        t = back.last!.t + 5
        fixes += scene.stand(at: PlanarPoint(x: 20, y: 0), seconds: 300, startTime: t, interval: 5, noise: &random)
        XCTAssertEqual(exits(fixes), [])
        var off = TrackerConfiguration()
        off.exitApproachMetres = .infinity
        XCTAssertEqual(exits(fixes, configuration: off).count, 1, "without the rule the return raises a late exit")
    }

    /// Out of the door at 23:30 to a friend's flat 300 m away, and at 10:00 off across town on foot:
    /// the night departure weighs on far-from-home until 08:00, not on a day out after it.
    func testANightDepartureDoesNotMakeTheNextDayOutFarFromHome() {
        var random = SeededGenerator(seed: 14)
        let night = Scene.monday + 23 * 3_600 + 1_800
        var fixes = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 600, startTime: night - 600, interval: 30, noise: &random)
        fixes += scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 300, y: 0), speed: 1.2, startTime: night,
                            interval: 10, noise: &random)
        let morning = Scene.monday + 34 * 3_600
        fixes += scene.stand(at: PlanarPoint(x: 300, y: 0), seconds: morning - night - 300, startTime: night + 300,
                             interval: 120, noise: &random)
        fixes += scene.walk(from: PlanarPoint(x: 300, y: 0), to: PlanarPoint(x: 2_500, y: 0), speed: 1.2, startTime: morning,
                            interval: 10, noise: &random)
        fixes += scene.stand(at: PlanarPoint(x: 2_500, y: 0), seconds: 900, startTime: morning + 1_840, interval: 30, noise: &random)
        var tracker = PersonTracker(zones: [home()])
        var events: [GeoEvent] = []
        for fix in fixes { events += tracker.ingest(fix) }
        XCTAssertTrue(events.contains(.leftHomeAtNight(zoneId: "home")))
        XCTAssertFalse(events.contains { if case .farFromHome = $0 { true } else { false } })
        // The same walk across town before 08:00 is far from home after a night departure.
        var early = TrackerConfiguration()
        early.nightDepartureAfterNightSeconds = 6 * 3_600
        var earlyTracker = PersonTracker(configuration: early, zones: [home()])
        var earlyEvents: [GeoEvent] = []
        for fix in fixes { earlyEvents += earlyTracker.ingest(fix) }
        XCTAssertTrue(earlyEvents.contains { if case .farFromHome = $0 { true } else { false } })
    }
}
