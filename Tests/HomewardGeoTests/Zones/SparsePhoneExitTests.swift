import XCTest
@testable import HomewardGeo

/// Zone exits as phones that log sparsely report them: a return of a few fixes, and a phone that
/// wakes up far away.
final class SparsePhoneExitTests: XCTestCase {
    let scene = Scene()

    func zone(radius: Double = 150) -> SafeZone {
        SafeZone(id: "home", name: "Home", shape: .circle(Circle(center: scene.center, radiusMetres: radius)), isHome: true)
    }

    private func zoneEvents(_ events: [GeoEvent]) -> [GeoEvent] {
        events.filter {
            switch $0 {
            case .leftZone, .enteredZone: true
            default: false
            }
        }
    }

    /// Fixes every `interval` seconds along the straight line from `from` to `to` at `speed`.
    private func leg(
        _ from: PlanarPoint, _ to: PlanarPoint, speed: Double, start: UnixSeconds, interval: Double,
        accuracy: Double = 15, noise: inout SeededGenerator
    ) -> (fixes: [Fix], end: UnixSeconds) {
        let fixes = scene.walk(
            from: from, to: to, speed: speed, startTime: start, interval: interval, noise: &noise, accuracy: accuracy)
        return (fixes, start + from.distance(to: to) / speed)
    }

    /// Out to a shop and a rest there, home by bus (four minutes without a fix), two or three fixes
    /// at home a minute apart, and off again by bicycle: the fixes at home end the first exit, though
    /// they jump from where the phone rested, and the second departure raises a new one.
    func testAReturnOfTwoOrThreeSparseFixesEndsTheExitAndTheNextDepartureRaisesAgain() {
        for (seed, homeFixes) in [(1, 2), (2, 3), (3, 2)] {
            var random = SeededGenerator(seed: UInt64(seed))
            var tracker = PersonTracker(zones: [zone()])
            let home = PlanarPoint(x: 10, y: 0), shop = PlanarPoint(x: 900, y: 200)
            var t = Scene.monday
            var fixes = scene.stand(at: home, seconds: 600, startTime: t, interval: 60, noise: &random, accuracy: 15)
            t += 600
            let walked = leg(home, shop, speed: 1.3, start: t, interval: 60, noise: &random)
            fixes += walked.fixes
            t = walked.end
            fixes += scene.stand(at: shop, seconds: 900, startTime: t, interval: 60, noise: &random, accuracy: 15)
            t += 900 + 240
            for k in 0..<homeFixes {
                fixes.append(scene.fix(x: home.x + random.gaussian(sigma: 5), y: home.y, t: t + Double(k) * 60, accuracy: 15))
            }
            // Off by bicycle: the first fix a minute later is already beyond the line.
            t += Double(homeFixes - 1) * 60 + 60
            fixes += leg(PlanarPoint(x: -200, y: -20), PlanarPoint(x: -2_000, y: -200), speed: 3.5, start: t, interval: 60,
                         noise: &random).fixes
            let events = zoneEvents(fixes.flatMap { tracker.ingest($0) })
            XCTAssertEqual(events, [.leftZone(zoneId: "home"), .enteredZone(zoneId: "home"), .leftZone(zoneId: "home")],
                           "seed \(seed), \(homeFixes) fixes at home")
        }
    }

    /// Out, then hovering 165–190 m from the centre (just beyond the line) with fixes a minute apart,
    /// then two fixes inside and off again: the two fixes inside end the exit, and the departure
    /// raises a new one.
    func testHoveringBesideTheLineThenTwoFixesInsideEndsTheExit() {
        var random = SeededGenerator(seed: 7)
        var tracker = PersonTracker(zones: [zone()])
        let home = PlanarPoint(x: 0, y: 20)
        var t = Scene.monday
        var fixes = scene.stand(at: home, seconds: 600, startTime: t, interval: 60, noise: &random, accuracy: 15)
        t += 600
        let walked = leg(home, PlanarPoint(x: 700, y: 0), speed: 1.3, start: t, interval: 30, noise: &random)
        fixes += walked.fixes
        t = walked.end
        let back = leg(PlanarPoint(x: 700, y: 0), PlanarPoint(x: 180, y: 0), speed: 1.3, start: t, interval: 60, noise: &random)
        fixes += back.fixes
        t = back.end
        for _ in 0..<12 {
            fixes.append(scene.fix(x: random.uniform(170...190), y: random.gaussian(sigma: 3), t: t, accuracy: 15))
            t += 60
        }
        fixes.append(scene.fix(x: 10, y: 10, t: t, accuracy: 15))
        fixes.append(scene.fix(x: 5, y: 5, t: t + 60, accuracy: 15))
        t += 120
        fixes += leg(PlanarPoint(x: 0, y: 200), PlanarPoint(x: 0, y: 2_000), speed: 3.5, start: t, interval: 60, noise: &random).fixes
        let events = zoneEvents(fixes.flatMap { tracker.ingest($0) })
        XCTAssertEqual(events, [.leftZone(zoneId: "home"), .enteredZone(zoneId: "home"), .leftZone(zoneId: "home")])
    }

    /// The phone crossed the line, fell silent for 12 minutes and woke up 3 km away in a car: the
    /// first fixes clearly beyond the line after the silence raise the exit at once.
    func testAPhoneWakingUpFarAwayAfterASilenceRaisesAtOnce() {
        var random = SeededGenerator(seed: 11)
        var tracker = PersonTracker(zones: [zone()])
        let home = PlanarPoint(x: 0, y: 0)
        var t = Scene.monday
        var events = scene.stand(at: home, seconds: 900, startTime: t, interval: 30, noise: &random, accuracy: 15)
            .flatMap { tracker.ingest($0) }
        t += 900
        for x in [60.0, 110, 160] {
            events += tracker.ingest(scene.fix(x: x, y: 0, t: t, accuracy: 15))
            t += 30
        }
        let crossing = t - 30
        XCTAssertFalse(zoneEvents(events).contains(.leftZone(zoneId: "home")), "one fix beyond the line decides nothing")
        t += 12 * 60
        var raisedAt: UnixSeconds?
        for k in 0..<20 {
            let fix = scene.fix(x: 3_000 + 14 * 10 * Double(k), y: 200, t: t + 10 * Double(k), accuracy: 10, speed: 14)
            if tracker.ingest(fix).contains(.leftZone(zoneId: "home")), raisedAt == nil { raisedAt = fix.t }
        }
        XCTAssertEqual(raisedAt, t, "at the first fix after the silence")
        XCTAssertLessThan((raisedAt ?? .infinity) - crossing, 13 * 60)
    }
}
