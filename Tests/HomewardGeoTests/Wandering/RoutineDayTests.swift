import XCTest
@testable import HomewardGeo

final class RoutineDayTests: XCTestCase {
    static let days = 20
    static let dayCentre = PlanarPoint(x: 2_400, y: 1_800)

    /// A day of ordinary routine: a night at home, a walk to the shop and back, a lap of the park with a
    /// rest on a bench, a drive to the day centre for two hours, and an evening at home.
    static func routineDay(using random: inout SeededGenerator) -> TruePath {
        var path = TruePath(start: PlanarPoint(x: random.uniform(-10...10), y: random.uniform(-10...10)))
        let home = path.current
        path.pause(seconds: 8 * 3_600 - Int(random.uniform(0...1_800)), indoors: true)
        let walking = random.uniform(0.9...1.4)
        let shopLegs = TrajectoryGenerator.streetLegs(count: Int.random(in: 3...5, using: &random), using: &random, from: home)
        path.walk(through: shopLegs, speed: walking, using: &random)
        path.pause(seconds: Int(random.uniform(600...1_500)), indoors: true)
        path.walk(through: shopLegs.reversed().dropFirst() + [home], speed: walking, using: &random)
        path.pause(seconds: 3_600, indoors: true)
        let parkGate = PlanarPoint(x: home.x - 300, y: home.y)
        path.walk(to: parkGate, speed: walking, using: &random)
        let park = [
            parkGate, PlanarPoint(x: parkGate.x - 200, y: parkGate.y), PlanarPoint(x: parkGate.x - 200, y: parkGate.y + 100),
            PlanarPoint(x: parkGate.x, y: parkGate.y + 100), parkGate,
        ]
        path.walk(through: park, speed: walking * 0.9, using: &random)
        path.pause(seconds: Int(random.uniform(600...1_800)))
        path.walk(to: home, speed: walking, using: &random)
        path.pause(seconds: 3_600, indoors: true)
        let driving = random.uniform(8...12)
        path.walk(through: [PlanarPoint(x: home.x, y: dayCentre.y), dayCentre], speed: driving, using: &random)
        path.pause(seconds: 7_200, indoors: true)
        path.walk(through: [PlanarPoint(x: home.x, y: dayCentre.y), home], speed: driving, using: &random)
        path.pause(seconds: 24 * 3_600 - path.durationSeconds, indoors: true)
        return path
    }

    func testOrdinaryDaysRaiseAtMostOneFalseWanderingAlertEach() {
        let projection = LocalProjection(origin: TrajectoryGenerator.origin)
        let zones = [
            SafeZone(id: "home", name: "Home", shape: .circle(Circle(center: projection.origin, radiusMetres: 60)), isHome: true),
            SafeZone(id: "centre", name: "Day centre", shape: .circle(Circle(
                center: projection.unproject(Self.dayCentre), radiusMetres: 80))),
        ]
        var alertsPerDay: [Int] = []
        var zoneEventsPerDay: [Int] = []
        for day in 0..<Self.days {
            var random = SeededGenerator(seed: 1_000 + UInt64(day))
            let path = Self.routineDay(using: &random)
            var noise = NoiseModel.random(using: &random)
            noise.samplingSeconds = [5, 10, 15, 30][day % 4]
            noise.gapCount = 2
            var tracker = PersonTracker(zones: zones)
            var alerts = 0, zoneEvents = 0
            for fix in noise.fixes(of: path, projection: projection, startTime: Scene.monday + Double(day) * 86_400, using: &random) {
                for event in tracker.ingest(fix) {
                    switch event {
                    case .wanderingStarted, .farFromHome, .leftHomeAtNight: alerts += 1
                    case .leftZone, .enteredZone: zoneEvents += 1
                    default: break
                    }
                }
            }
            alertsPerDay.append(alerts)
            zoneEventsPerDay.append(zoneEvents)
        }
        print("routine days: false wandering alerts per day \(alertsPerDay), zone events per day \(zoneEventsPerDay)")
        XCTAssertLessThanOrEqual(alertsPerDay.max() ?? 0, 1)
        // Home is left and entered three times, the day centre once: eight honest zone events a day.
        XCTAssertEqual(zoneEventsPerDay, Array(repeating: 8, count: Self.days))
    }
}
