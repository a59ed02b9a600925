import XCTest
@testable import HomewardGeo

/// An urban-canyon burst carries a resting phone out of home faster than anyone leaves home and back
/// within the hold: no exit. A car setting off from the same rest is still raised at once.
final class CanyonBurstTests: XCTestCase {
    let scene = Scene()

    private func exits(_ fixes: [Fix], configuration: TrackerConfiguration = TrackerConfiguration()) -> [UnixSeconds] {
        let home = SafeZone(
            id: "home", name: "Home", shape: .circle(Circle(center: scene.center, radiusMetres: 150)), isHome: true)
        var tracker = PersonTracker(configuration: configuration, zones: [home])
        return fixes.flatMap { fix in
            tracker.ingest(fix).compactMap { event -> UnixSeconds? in
                if case .leftZone = event { return fix.t }
                return nil
            }
        }
    }

    /// Ten minutes at rest at home (a fix every 5 s, no accuracy reported, as GeoLife's loggers),
    /// then `leg` (one point every 5 s), then ten minutes at home again.
    private func restThen(_ leg: [PlanarPoint], start: UnixSeconds) -> [Fix] {
        var random = SeededGenerator(seed: 21)
        var fixes = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 600, startTime: start, interval: 5, noise: &random)
            .map { Fix(t: $0.t, lat: $0.lat, lon: $0.lon, accuracy: nil, utcOffsetSeconds: 0) }
        for (index, point) in leg.enumerated() {
            fixes.append(scene.fix(x: point.x, y: point.y, t: start + 600 + Double(index + 1) * 5, accuracy: nil))
        }
        let back = start + 600 + Double(leg.count + 1) * 5
        fixes += scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 600, startTime: back, interval: 5, noise: &random)
            .map { Fix(t: $0.t, lat: $0.lat, lon: $0.lon, accuracy: nil, utcOffsetSeconds: 0) }
        return fixes
    }

    /// The phone jumps 180 m east, then runs on at 33 m/s to 1 km, sits there for 40 s and snaps back
    /// home (the shape of the bursts in GeoLife's real days). With the rule off it is a "left home".
    func testABurstOutAtMotorwaySpeedAndBackWithinTheHoldIsNoExit() {
        let start = Scene.monday + 14 * 3_600
        let out = (0..<6).map { PlanarPoint(x: 180 + Double($0) * 165, y: 10) }
        let stay = (0..<8).map { PlanarPoint(x: 1_005 + Double($0 % 2) * 6, y: 10 + Double($0 % 3) * 5) }
        let fixes = restThen(out + stay, start: start)
        XCTAssertEqual(exits(fixes), [])
        var off = TrackerConfiguration()
        off.exitImplausibleSpeedMetresPerSecond = .infinity
        XCTAssertEqual(exits(fixes, configuration: off).count, 1)
    }

    /// A car pulls away from the door, reaching 14 m/s, and carries on: raised within a minute of
    /// being 50 m beyond the line, as before.
    func testACarPullingAwayIsStillRaisedAtOnce() {
        let start = Scene.monday + 14 * 3_600
        var x = 0.0, speed = 0.0
        let leg = (0..<40).map { _ -> PlanarPoint in
            speed = min(14, speed + 2)
            x += speed * 5
            return PlanarPoint(x: x, y: 5)
        }
        var random = SeededGenerator(seed: 22)
        let fixes = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 600, startTime: start, interval: 5, noise: &random)
            .map { Fix(t: $0.t, lat: $0.lat, lon: $0.lon, accuracy: nil, utcOffsetSeconds: 0) }
            + leg.enumerated().map { index, point in
                scene.fix(x: point.x, y: point.y, t: start + 600 + Double(index + 1) * 5, accuracy: nil)
            }
        let crossing = zip(fixes, fixes.map { scene.projection.project($0.coordinate).x })
            .first { $0.1 > 200 }.map { $0.0.t } ?? 0
        let raised = exits(fixes)
        XCTAssertEqual(raised.count, 1)
        XCTAssertLessThanOrEqual((raised.first ?? .infinity) - crossing, 60)
    }

    /// Ten minutes at rest at home with a fix every 30 s (a sparse phone), then `leg` one fix every
    /// 30 s, then ten minutes at home again.
    private func sparseRestThen(_ leg: [PlanarPoint], start: UnixSeconds) -> [Fix] {
        var random = SeededGenerator(seed: 23)
        var fixes = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 600, startTime: start, interval: 30, noise: &random)
            .map { Fix(t: $0.t, lat: $0.lat, lon: $0.lon, accuracy: nil, utcOffsetSeconds: 0) }
        for (index, point) in leg.enumerated() {
            fixes.append(scene.fix(x: point.x, y: point.y, t: start + 600 + Double(index) * 30, accuracy: nil))
        }
        fixes += scene.stand(
            at: PlanarPoint(x: 0, y: 0), seconds: 600, startTime: start + 600 + Double(leg.count) * 30, interval: 30, noise: &random
        ).map { Fix(t: $0.t, lat: $0.lat, lon: $0.lon, accuracy: nil, utcOffsetSeconds: 0) }
        return fixes
    }

    /// A sparse phone's burst: one fix 170 m beyond the line, the next 900 m out (24 m/s), and home
    /// again 30 s later (the shape of scikit-mobility's days thinned to 30 s). Two fixes outside, far
    /// beyond the line, that no one leaving home makes: no exit. With the limit at 30 m/s it was one.
    func testASparsePhonesBurstAtTwentyFourMetresASecondIsNoExit() {
        let start = Scene.monday + 14 * 3_600
        let fixes = sparseRestThen([PlanarPoint(x: 320, y: 10), PlanarPoint(x: 1_050, y: 20)], start: start)
        XCTAssertEqual(exits(fixes), [])
        var before = TrackerConfiguration()
        before.exitImplausibleSpeedMetresPerSecond = 30
        XCTAssertEqual(exits(fixes, configuration: before).count, 1)
    }

    /// A car leaving the door seen by a sparse phone: 180 m, 500 m, 900 m, then on at 13 m/s, a fix
    /// every 30 s. Raised within 90 s of the first fix outside.
    func testACarSeenEvery30SecondsIsStillRaisedWithin90Seconds() {
        let start = Scene.monday + 14 * 3_600
        let leg = [180.0, 500, 900, 1_300, 1_700, 2_100, 2_500].map { PlanarPoint(x: $0, y: 5) }
        var random = SeededGenerator(seed: 24)
        let fixes = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 600, startTime: start, interval: 30, noise: &random)
            .map { Fix(t: $0.t, lat: $0.lat, lon: $0.lon, accuracy: nil, utcOffsetSeconds: 0) }
            + leg.enumerated().map { index, point in
                scene.fix(x: point.x, y: point.y, t: start + 600 + Double(index) * 30, accuracy: nil)
            }
        let raised = exits(fixes)
        XCTAssertEqual(raised.count, 1)
        XCTAssertLessThanOrEqual((raised.first ?? .infinity) - (start + 600), 90)
    }
}
