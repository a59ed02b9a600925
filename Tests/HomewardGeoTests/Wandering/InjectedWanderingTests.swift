import XCTest
@testable import HomewardGeo

/// Wandering injected into realistic days: a person lives a week of ordinary routine days (the
/// routine of `RoutineDayTests`, so the tracker learns it), then on the eighth day goes somewhere new
/// and laps, paces or walks at random there for half an hour, or leaves home at 3 a.m. The injected
/// episode must be found (and the ordinary week stay quiet).
final class InjectedWanderingTests: XCTestCase {
    static let learningDays = 7
    static let newPlace = PlanarPoint(x: -900, y: -700)
    let projection = LocalProjection(origin: TrajectoryGenerator.origin)

    var zones: [SafeZone] {
        [
            SafeZone(id: "home", name: "Home", shape: .circle(Circle(center: projection.origin, radiusMetres: 60)), isHome: true),
            SafeZone(id: "centre", name: "Day centre", shape: .circle(Circle(
                center: projection.unproject(RoutineDayTests.dayCentre), radiusMetres: 80))),
        ]
    }

    /// Feeds `learningDays` ordinary days, then `injected` (a path starting at local midnight of the
    /// next day); returns the alerts of the ordinary days and the events of the injected day with times.
    func live(injected: TruePath, seed: UInt64) -> (ordinaryAlerts: Int, events: [(UnixSeconds, GeoEvent)]) {
        var tracker = PersonTracker(zones: zones)
        var ordinaryAlerts = 0
        var random = SeededGenerator(seed: seed)
        for day in 0..<Self.learningDays {
            let path = RoutineDayTests.routineDay(using: &random)
            var noise = NoiseModel.random(using: &random)
            noise.samplingSeconds = [5, 10, 15, 30][day % 4]
            for fix in noise.fixes(of: path, projection: projection, startTime: Scene.monday + Double(day) * 86_400, using: &random) {
                for event in tracker.ingest(fix) {
                    switch event {
                    case .wanderingStarted, .farFromHome, .leftHomeAtNight: ordinaryAlerts += 1
                    default: break
                    }
                }
            }
        }
        var noise = NoiseModel.random(using: &random)
        noise.samplingSeconds = [1, 5, 10][Int(seed % 3)]
        var events: [(UnixSeconds, GeoEvent)] = []
        let start = Scene.monday + Double(Self.learningDays) * 86_400
        for fix in noise.fixes(of: injected, projection: projection, startTime: start, using: &random) {
            events += tracker.ingest(fix).map { (fix.t, $0) }
        }
        return (ordinaryAlerts, events)
    }

    /// Home until `hour`, a walk to a place never visited, `shape` there, and the walk home.
    func dayWithEpisode(at hour: Double, shape: TruePath, using random: inout SeededGenerator) -> (TruePath, ClosedRange<Double>) {
        var path = TruePath(start: PlanarPoint(x: 0, y: 0))
        path.pause(seconds: Int(hour * 3_600), indoors: true)
        path.walk(through: [PlanarPoint(x: Self.newPlace.x, y: 0), Self.newPlace], speed: 1.2, using: &random)
        let episodeStart = Double(path.durationSeconds)
        path.follow(shape)
        let episodeEnd = Double(path.durationSeconds)
        path.walk(through: [PlanarPoint(x: path.current.x, y: 0), PlanarPoint(x: 0, y: 0)], speed: 1.2, using: &random)
        path.pause(seconds: 86_000 - path.durationSeconds, indoors: true)
        return (path, episodeStart...episodeEnd)
    }

    func testLappingPacingAndRandomWalksInjectedIntoARealisticWeekAreFound() {
        let start = Scene.monday + Double(Self.learningDays) * 86_400
        var found = 0, sameClass = 0, total = 0, ordinary = 0
        for label in [TrajectoryLabel.lapping, .pacing, .random] {
            for seed in UInt64(0)..<4 {
                var random = SeededGenerator(seed: 500 + seed)
                let shape = TrajectoryGenerator.truePath(for: label, samplingSeconds: 5, using: &random)
                let (day, episode) = dayWithEpisode(at: 15, shape: shape, using: &random)
                let (ordinaryAlerts, events) = live(injected: day, seed: 40 + seed)
                ordinary += ordinaryAlerts
                total += 1
                let during = events.first { t, event in
                    if case .wanderingStarted = event { return (start + episode.lowerBound...start + episode.upperBound + 300).contains(t) }
                    return false
                }
                guard let (_, event) = during, case .wanderingStarted(let pattern, _) = event else {
                    XCTFail("\(label) injected with seed \(seed) was not found")
                    continue
                }
                found += 1
                if pattern.rawValue == label.rawValue { sameClass += 1 }
            }
        }
        print("injected wandering: found \(found) of \(total), \(sameClass) with their own class; \(ordinary) alerts on \(total * Self.learningDays) ordinary days")
        XCTAssertEqual(found, total)
        XCTAssertGreaterThanOrEqual(Double(sameClass), 0.75 * Double(total))
        XCTAssertLessThanOrEqual(Double(ordinary), Double(total * Self.learningDays) / 10)
    }

    func testLeavingHomeAtThreeInTheMorningForSomewhereNewIsFound() {
        var random = SeededGenerator(seed: 77)
        var stand = TruePath(start: PlanarPoint(x: 0, y: 0))
        stand.pause(seconds: 1_200)
        let (day, episode) = dayWithEpisode(at: 3, shape: stand, using: &random)
        let (ordinaryAlerts, events) = live(injected: day, seed: 78)
        let start = Scene.monday + Double(Self.learningDays) * 86_400
        XCTAssertLessThanOrEqual(ordinaryAlerts, 1)
        XCTAssertTrue(events.contains { if case .leftHomeAtNight = $0.1 { true } else { false } })
        XCTAssertTrue(events.contains { t, event in
            if case .farFromHome = event { return t <= start + episode.upperBound } else { return false }
        }, "far from home while out at night")
    }
}
