import XCTest
@testable import HomewardGeo

/// Far from home at night, off the learned routine, is an alarm for someone who is home every
/// evening, not for someone who is out somewhere on evening after evening.
final class NightOutHabitTests: XCTestCase {
    let scene = Scene()

    /// One day: home until 18:00, a drive at 10 m/s to `place` (if any), there until 23:30, home
    /// again; a fix every 2 minutes at rest, every 10 s on the road.
    private func day(_ number: Int, outAt place: PlanarPoint?, random: inout SeededGenerator) -> [Fix] {
        let midnight = Scene.monday + Double(number) * 86_400
        let home = PlanarPoint(x: 0, y: 0)
        guard let place else {
            return scene.stand(at: home, seconds: 86_400, startTime: midnight, interval: 120, noise: &random)
        }
        var fixes = scene.stand(at: home, seconds: 18 * 3_600, startTime: midnight, interval: 120, noise: &random)
        let there = midnight + 18 * 3_600
        fixes += scene.walk(from: home, to: place, speed: 10, startTime: there, interval: 10, noise: &random)
        let leave = midnight + 23.5 * 3_600
        fixes += scene.stand(at: place, seconds: leave - (fixes.last?.t ?? there) - 60, startTime: (fixes.last?.t ?? there) + 60,
                             interval: 60, noise: &random)
        fixes += scene.walk(from: place, to: home, speed: 10, startTime: leave, interval: 10, noise: &random)
        let back = (fixes.last?.t ?? leave) + 120
        fixes += scene.stand(at: home, seconds: midnight + 86_400 - back, startTime: back, interval: 120, noise: &random)
        return fixes
    }

    /// The far-from-home alerts on the eleventh evening, out at a place never visited, after ten
    /// days spent as `earlierEvenings` says.
    private func farFromHomeOnTheEleventhEvening(outOnEarlierEvenings: Bool) -> [UnixSeconds] {
        let home = SafeZone(id: "home", name: "Home", shape: .circle(Circle(center: scene.center, radiusMetres: 150)), isHome: true)
        var tracker = PersonTracker(zones: [home])
        var random = SeededGenerator(seed: 31)
        for number in 0..<10 {
            let angle = Double(number) * .pi / 5
            let place = outOnEarlierEvenings ? PlanarPoint(x: 2_500 * cos(angle), y: 2_500 * sin(angle)) : nil
            for fix in day(number, outAt: place, random: &random) { _ = tracker.ingest(fix) }
        }
        let newPlace = PlanarPoint(x: 4_000 * cos(.pi / 10), y: 4_000 * sin(.pi / 10))
        return day(10, outAt: newPlace, random: &random).flatMap { fix in
            tracker.ingest(fix).compactMap { event -> UnixSeconds? in
                if case .farFromHome = event { return fix.t }
                return nil
            }
        }
    }

    func testSomeoneHomeEveryEveningIsReportedFarFromHomeAtNight() {
        let alerts = farFromHomeOnTheEleventhEvening(outOnEarlierEvenings: false)
        XCTAssertEqual(alerts.count, 1)
        let night = Scene.monday + 10 * 86_400 + 22 * 3_600
        XCTAssertGreaterThanOrEqual(alerts.first ?? 0, night)
        XCTAssertLessThanOrEqual(alerts.first ?? .infinity, night + 600)
    }

    func testSomeoneOutOnEveningAfterEveningIsNotReportedForBeingOutSomewhereNew() {
        XCTAssertEqual(farFromHomeOnTheEleventhEvening(outOnEarlierEvenings: true), [])
    }

    func testTheHoursAwayCountDistinctEarlierDays() {
        var hours = AwayHours()
        let evening = { (day: Int, hour: Double) in LocalTime(t: Scene.monday + Double(day) * 86_400 + hour * 3_600, utcOffsetSeconds: 0) }
        hours.note(evening(0, 22.1))
        hours.note(evening(0, 22.9))
        hours.note(evening(1, 23.5))
        hours.note(evening(2, 22.5))
        XCTAssertEqual(hours.daysAway(near: evening(3, 22.2), toleranceHours: 0), 2)
        XCTAssertEqual(hours.daysAway(near: evening(3, 22.2), toleranceHours: 1), 2)
        XCTAssertEqual(hours.daysAway(near: evening(2, 22.2), toleranceHours: 0), 1, "today is not an earlier day")
        XCTAssertEqual(hours.daysAway(near: evening(3, 3), toleranceHours: 2), 0)
        XCTAssertEqual(hours.daysAway(near: evening(3, 1), toleranceHours: 2), 1, "the window wraps round midnight")
    }
}
