import XCTest
@testable import HomewardGeo

final class ZoneHysteresisTests: XCTestCase {
    let scene = Scene()

    func zone(radius: Double = 100, isHome: Bool = true) -> SafeZone {
        SafeZone(id: "home", name: "Home", shape: .circle(Circle(center: scene.center, radiusMetres: radius)), isHome: isHome)
    }

    func testJitterBesideFenceNeverExitsInEightHours() {
        for seed in 0..<UInt64(6) {
            var random = SeededGenerator(seed: seed)
            var tracker = PersonTracker(zones: [zone()])
            let standing = random.uniform(60...90), bearing = random.uniform(0...(2 * .pi))
            var events: [GeoEvent] = []
            for second in stride(from: 0.0, to: 8 * 3_600, by: 5) {
                let jitterAngle = random.uniform(0...(2 * .pi)), jitter = 30 * random.uniform(0...1).squareRoot()
                events += tracker.ingest(scene.fix(
                    x: standing * cos(bearing) + jitter * cos(jitterAngle), y: standing * sin(bearing) + jitter * sin(jitterAngle),
                    t: Scene.monday + second, accuracy: random.uniform(20...50)))
            }
            XCTAssertEqual(events.filter { if case .stateChanged = $0 { false } else { true } }, [], "seed \(seed)")
            XCTAssertEqual(tracker.status.zoneName, "Home")
            XCTAssertEqual(tracker.status.state, .stationary)
        }
    }

    /// Walks 50 m beyond the line of a 100 m zone, stays there `seconds` and walks back in.
    private func walkOutStayAndBack(staying seconds: Double, interval: Double, noise random: inout SeededGenerator) -> [GeoEvent] {
        var tracker = PersonTracker(zones: [zone()])
        let inside = PlanarPoint(x: 0, y: 0), outside = PlanarPoint(x: 150, y: 0)
        var t = Scene.monday
        var fixes = scene.stand(at: inside, seconds: 300, startTime: t, interval: interval, noise: &random)
        t += 300
        fixes += scene.walk(from: inside, to: outside, speed: 1.3, startTime: t, interval: interval, noise: &random)
        t += 150 / 1.3
        fixes += scene.stand(at: outside, seconds: seconds, startTime: t, interval: interval, noise: &random)
        t += seconds
        fixes += scene.walk(from: outside, to: inside, speed: 1.3, startTime: t, interval: interval, noise: &random)
        t += 150 / 1.3
        fixes += scene.stand(at: inside, seconds: 300, startTime: t, interval: interval, noise: &random)
        return fixes.flatMap { tracker.ingest($0) }.filter {
            switch $0 {
            case .leftZone, .enteredZone: true
            default: false
            }
        }
    }

    func testRealWalkOutsideHeldForFourMinutesExitsOnceAndComingBackEntersOnce() {
        for interval in [1.0, 5, 10] {
            var random = SeededGenerator(seed: UInt64(interval))
            XCTAssertEqual(walkOutStayAndBack(staying: 240, interval: interval, noise: &random),
                           [.leftZone(zoneId: "home"), .enteredZone(zoneId: "home")], "every \(interval) s")
        }
    }

    /// A trip to the bins: 50 m beyond the line for a minute and back, which a family does not call
    /// leaving home.
    func testATripToTheBinsJustBeyondTheLineIsNoExit() {
        for interval in [1.0, 5, 10] {
            var random = SeededGenerator(seed: UInt64(interval))
            XCTAssertEqual(walkOutStayAndBack(staying: 60, interval: interval, noise: &random), [], "every \(interval) s")
        }
    }

    /// Fixes drifting out of a 150 m zone at `speed`, as a phone indoors by the line drifts (or a
    /// person pottering at the far end of the garden), `out` metres beyond, 10 s there, then back at
    /// 1.4 m/s; the `left_zone` events. Such a drift carries on away, but slower than a walker
    /// leaving, and waits longer than a walker's exit (`exitSlowAwayMetresPerSecond`).
    private func driftOutAndBack(speed: Double, configuration: TrackerConfiguration, seed: UInt64, interval: Double, out: Double) -> [GeoEvent] {
        var random = SeededGenerator(seed: seed)
        var tracker = PersonTracker(configuration: configuration, zones: [zone(radius: 150)])
        let inside = PlanarPoint(x: 100, y: 0), beyond = PlanarPoint(x: 150 + out, y: 0)
        var t = Scene.monday
        var fixes = scene.stand(at: inside, seconds: 300, startTime: t, interval: interval, noise: &random, accuracy: 20)
        t += 300
        fixes += scene.walk(from: inside, to: beyond, speed: speed, startTime: t, interval: interval, noise: &random, accuracy: 20)
        t += (50 + out) / speed
        fixes += scene.stand(at: beyond, seconds: 10, startTime: t, interval: interval, noise: &random, accuracy: 20)
        t += 10
        fixes += scene.walk(from: beyond, to: inside, speed: 1.4, startTime: t, interval: interval, noise: &random, accuracy: 20)
        t += (50 + out) / 1.4
        fixes += scene.stand(at: inside, seconds: 300, startTime: t, interval: interval, noise: &random, accuracy: 20)
        return fixes.flatMap { tracker.ingest($0) }.filter { if case .leftZone = $0 { true } else { false } }
    }

    func testSlowDriftsJustBeyondTheLineAndBackAreSeldomAnExit() {
        var sameWait = TrackerConfiguration()
        sameWait.exitSlowWaitFactor = 1
        var raised = 0, raisedWithoutTheSlowWait = 0
        for seed in UInt64(1)...6 {
            for interval in [1.0, 5] {
                raised += driftOutAndBack(speed: 0.7, configuration: TrackerConfiguration(), seed: seed, interval: interval, out: 60).count
                raisedWithoutTheSlowWait += driftOutAndBack(speed: 0.7, configuration: sameWait, seed: seed, interval: interval, out: 60).count
            }
        }
        // 12 drifts: 1 raised, against 6 when they waited as long as a walker's exit.
        XCTAssertLessThanOrEqual(raised, 1)
        XCTAssertGreaterThanOrEqual(raisedWithoutTheSlowWait, 5)
    }

    func testASlowWalkerWhoCarriesOnIsStillRaisedWithinTheHold() throws {
        for interval in [1.0, 5, 30] {
            let delay = secondsToExit(speed: 0.8, to: 600, interval: interval, accuracy: 20, seed: UInt64(interval) + 70)
            XCTAssertLessThanOrEqual(try XCTUnwrap(delay, "every \(interval) s"), TrackerConfiguration().exitHoldSeconds, "every \(interval) s")
        }
    }

    /// Seconds from the crossing of a 150 m home zone's line to its `left_zone`, for a person who
    /// stood at its centre for 300 s and then went straight out at `speed` to `distance` metres,
    /// fixes every `interval` seconds of `accuracy`; nil when none was raised.
    private func secondsToExit(speed: Double, to distance: Double, interval: Double, accuracy: Double, seed: UInt64) -> Double? {
        var random = SeededGenerator(seed: seed)
        var tracker = PersonTracker(zones: [zone(radius: 150)])
        let start = Scene.monday + 300
        var fixes = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 300, startTime: Scene.monday, interval: interval,
                                noise: &random, accuracy: accuracy)
        fixes += scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 0, y: distance), speed: speed, startTime: start,
                            interval: interval, noise: &random, accuracy: accuracy)
        let exit = fixes.first { fix in tracker.ingest(fix).contains(.leftZone(zoneId: "home")) }
        return exit.map { $0.t - (start + 150 / speed) }
    }

    func testInaccurateFixesFarOutsideNeverCauseAnExit() {
        var tracker = PersonTracker(zones: [zone()])
        var random = SeededGenerator(seed: 9)
        var events = scene.stand(at: PlanarPoint(x: 0, y: 0), seconds: 60, startTime: Scene.monday, noise: &random).flatMap { tracker.ingest($0) }
        for second in 0..<600 {
            events += tracker.ingest(scene.fix(x: 250, y: 0, t: Scene.monday + 60 + Double(second) * 0.5 + 0.5, accuracy: 80))
        }
        XCTAssertFalse(events.contains(.leftZone(zoneId: "home")))
    }

    func testMembershipStartsFromConfirmedEvidenceWithoutAnEvent() {
        var membership = ZoneMembership()
        let configuration = TrackerConfiguration()
        XCTAssertNil(membership.update(signedDistanceMetres: 10, accuracyMetres: 15, at: 0, configuration: configuration))
        XCTAssertNil(membership.update(signedDistanceMetres: 300, accuracyMetres: 15, at: 1, configuration: configuration))
        XCTAssertEqual(membership.presence, .unknown, "one outlier decides nothing")
        XCTAssertNil(membership.update(signedDistanceMetres: 200, accuracyMetres: 15, at: 2, configuration: configuration))
        XCTAssertNil(membership.update(signedDistanceMetres: 200, accuracyMetres: 15, at: 3, configuration: configuration))
        XCTAssertEqual(membership.presence, .outside)
        XCTAssertEqual(membership.outsideSince, 1)
        XCTAssertNil(membership.update(signedDistanceMetres: -5, accuracyMetres: 15, at: 4, configuration: configuration))
        XCTAssertEqual(membership.update(signedDistanceMetres: -5, accuracyMetres: 15, at: 5, configuration: configuration), .entered)
    }

    func testMembershipStartsInsideWithoutAnEvent() {
        var membership = ZoneMembership()
        let configuration = TrackerConfiguration()
        XCTAssertNil(membership.update(signedDistanceMetres: -20, accuracyMetres: 15, at: 0, configuration: configuration))
        XCTAssertNil(membership.update(signedDistanceMetres: -20, accuracyMetres: 15, at: 1, configuration: configuration))
        XCTAssertEqual(membership.presence, .inside)
    }

    func testExitNeedsEvidenceTwoFixesTheMinimumTimeAndTravelAway() {
        var membership = ZoneMembership()
        let configuration = TrackerConfiguration()
        _ = membership.update(signedDistanceMetres: -10, accuracyMetres: 5, at: -5, configuration: configuration)
        _ = membership.update(signedDistanceMetres: -10, accuracyMetres: 5, at: 0, configuration: configuration)
        XCTAssertNil(membership.update(signedDistanceMetres: 20, accuracyMetres: 5, at: 10, configuration: configuration))
        XCTAssertNil(membership.update(signedDistanceMetres: 40, accuracyMetres: 5, at: 20, configuration: configuration),
                     "enough evidence, but over less than the minimum time")
        XCTAssertNil(membership.update(signedDistanceMetres: 60, accuracyMetres: 5, at: 30, configuration: configuration),
                     "near the line the exit waits in proportion to how near: 45 m beyond, 49 s")
        XCTAssertNil(membership.update(signedDistanceMetres: 80, accuracyMetres: 5, at: 40, configuration: configuration),
                     "65 m beyond, 44 s")
        XCTAssertEqual(membership.update(signedDistanceMetres: 100, accuracyMetres: 5, at: 50, configuration: configuration),
                       .left(at: 10), "85 m beyond, 40 s, still carrying on away")
        XCTAssertEqual(membership.outsideSince, 10)
    }

    func testAJumpFromInsideThatStaysPutWaitsForTheHold() {
        var membership = ZoneMembership()
        let configuration = TrackerConfiguration()
        _ = membership.update(signedDistanceMetres: -10, accuracyMetres: 5, at: -5, configuration: configuration)
        _ = membership.update(signedDistanceMetres: -10, accuracyMetres: 5, at: 0, configuration: configuration)
        for t in stride(from: 5.0, to: configuration.exitHoldSeconds + 5, by: 5) {
            XCTAssertNil(membership.update(signedDistanceMetres: 100, accuracyMetres: 20, at: t, configuration: configuration), "at \(t) s")
        }
        XCTAssertEqual(membership.update(signedDistanceMetres: 100, accuracyMetres: 20, at: configuration.exitHoldSeconds + 5,
                                         configuration: configuration), .left(at: 5))
    }

    /// A phone resting at home while a building's reflection puts its fixes 40–120 m beyond a 150 m
    /// zone for 35 s to 2 min, sampled every 1–30 s with 10–40 m reported accuracy: never an exit.
    func testMultipathBesideHomeNeverExits() {
        for seed in 0..<UInt64(24) {
            var random = SeededGenerator(seed: seed)
            var tracker = PersonTracker(zones: [zone(radius: 150)])
            let interval = [1.0, 5, 10, 30][Int(seed % 4)]
            let rest = PlanarPoint(x: random.uniform(-60...60), y: random.uniform(-60...60))
            var t = Scene.monday
            var fixes = scene.stand(at: rest, seconds: 600, startTime: t, interval: interval, noise: &random)
            t += 600
            let bearing = random.uniform(0...(2 * .pi)), beyond = random.uniform(40...120)
            let burst = random.uniform(35...120), accuracy = random.uniform(10...40)
            let reflected = PlanarPoint(x: (150 + beyond) * cos(bearing), y: (150 + beyond) * sin(bearing))
            fixes += scene.stand(at: reflected, seconds: burst, startTime: t, interval: interval, noise: &random,
                                 noiseSigmaMetres: 8, accuracy: accuracy)
            t += burst
            fixes += scene.stand(at: rest, seconds: 600, startTime: t, interval: interval, noise: &random)
            let events = fixes.flatMap { tracker.ingest($0) }
            XCTAssertFalse(events.contains(.leftZone(zoneId: "home")), "seed \(seed), every \(interval) s, \(Int(burst)) s")
        }
    }

    /// Walking out of a 150 m zone at 1.3 m/s with 30 m accuracy, sampled every 1–30 s: the exit is
    /// decided within a minute and a half of the crossing (simulated time; a walker stays near the
    /// line for long, and near it the exit waits).
    func testWalkingOutIsDecidedWithinAMinuteAndAHalfOfTheCrossing() throws {
        for interval in [1.0, 5, 10, 30] {
            let delay = secondsToExit(speed: 1.3, to: 600, interval: interval, accuracy: 30, seed: UInt64(interval) + 40)
            XCTAssertLessThanOrEqual(try XCTUnwrap(delay, "every \(interval) s"), 90 + interval, "every \(interval) s")
        }
    }

    /// Riding away at 5 m/s with 30 m accuracy, sampled every 1–30 s: the person is soon clearly far,
    /// and the exit is decided within 45 s of the crossing (and two fixes' intervals).
    func testRidingAwayIsDecidedWithinHalfAMinuteOfBeingClearlyOut() throws {
        for interval in [1.0, 5, 10, 30] {
            let delay = secondsToExit(speed: 5, to: 2_000, interval: interval, accuracy: 30, seed: UInt64(interval) + 50)
            XCTAssertLessThanOrEqual(try XCTUnwrap(delay, "every \(interval) s"), 45 + 2 * interval, "every \(interval) s")
        }
    }

    func testPolygonZoneExitAndEntry() {
        let square = Polygon(vertices: [
            scene.coordinate(x: -100, y: -100), scene.coordinate(x: 100, y: -100),
            scene.coordinate(x: 100, y: 100), scene.coordinate(x: -100, y: 100),
        ])
        var tracker = PersonTracker(zones: [SafeZone(id: "park", name: "Park", shape: .polygon(square))])
        var random = SeededGenerator(seed: 4)
        var fixes = scene.walk(from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 250, y: 0), speed: 1.3, startTime: Scene.monday, noise: &random)
        fixes += scene.walk(from: PlanarPoint(x: 250, y: 0), to: PlanarPoint(x: 0, y: 0), speed: 1.3, startTime: Scene.monday + 250, noise: &random)
        let events = fixes.flatMap { tracker.ingest($0) }.filter { if case .stateChanged = $0 { false } else { true } }
        XCTAssertEqual(events, [.leftZone(zoneId: "park"), .enteredZone(zoneId: "park")])
    }

    // MARK: Crossings the phone reported itself

    func testReportedExitWhoseWholeAccuracyCircleIsOutsideConfirmsAtOnce() {
        var membership = ZoneMembership()
        let configuration = TrackerConfiguration()
        _ = membership.update(signedDistanceMetres: -10, accuracyMetres: 5, at: 0, configuration: configuration)
        _ = membership.update(signedDistanceMetres: -10, accuracyMetres: 5, at: 1, configuration: configuration)
        XCTAssertEqual(membership.update(signedDistanceMetres: 25, accuracyMetres: 12, at: 2, configuration: configuration, reported: .left), .left(at: 2))
        XCTAssertEqual(membership.outsideSince, 2)
        for second in 3..<30 {
            XCTAssertNil(membership.update(signedDistanceMetres: 80, accuracyMetres: 5, at: UnixSeconds(second), configuration: configuration))
        }
        XCTAssertNil(membership.update(signedDistanceMetres: 90, accuracyMetres: 5, at: 30, configuration: configuration, reported: .left),
                     "a second report of the same exit changes nothing")
    }

    func testReportedExitWhoseFixIsStillInsideOrCoarseDecidesNothing() {
        var membership = ZoneMembership()
        let configuration = TrackerConfiguration()
        _ = membership.update(signedDistanceMetres: -10, accuracyMetres: 5, at: 0, configuration: configuration)
        _ = membership.update(signedDistanceMetres: -10, accuracyMetres: 5, at: 1, configuration: configuration)
        // The phone's own region is smaller than the zone: it left that, not the zone.
        XCTAssertNil(membership.update(signedDistanceMetres: -30, accuracyMetres: 10, at: 2, configuration: configuration, reported: .left))
        // Outside, but the accuracy circle reaches back in.
        XCTAssertNil(membership.update(signedDistanceMetres: 30, accuracyMetres: 50, at: 3, configuration: configuration, reported: .left))
        XCTAssertEqual(membership.presence, .inside)
    }

    func testReportedEntryWithTheFixInsideConfirmsAtOnceAndOutsideDoesNot() {
        var membership = ZoneMembership()
        let configuration = TrackerConfiguration()
        for second in 0..<3 { _ = membership.update(signedDistanceMetres: 200, accuracyMetres: 5, at: UnixSeconds(second), configuration: configuration) }
        XCTAssertEqual(membership.presence, .outside)
        XCTAssertNil(membership.update(signedDistanceMetres: 15, accuracyMetres: 5, at: 3, configuration: configuration, reported: .entered))
        XCTAssertEqual(membership.update(signedDistanceMetres: -5, accuracyMetres: 5, at: 4, configuration: configuration, reported: .entered), .entered)
        XCTAssertNil(membership.outsideSince)
    }

    func testReportedExitBeforeAnyDecisionStillRaisesTheEvent() {
        var membership = ZoneMembership()
        XCTAssertEqual(
            membership.update(signedDistanceMetres: 40, accuracyMetres: 10, at: 7, configuration: TrackerConfiguration(), reported: .left),
            .left(at: 7), "the phone saw the inside before it reported leaving")
    }

    func testSparsePhoneReportingItsOwnGeofenceExitIsSeenAtTheTransitionFix() {
        // A phone in a battery-saving mode: a noisy fix every 5 minutes at home, then the exit its
        // own geofence saw, then a fix every few minutes on the way out and back.
        let home = zone()
        let other = SafeZone(id: "school", name: "School", shape: .circle(Circle(center: scene.coordinate(x: 2_000, y: 0), radiusMetres: 100)))
        var random = SeededGenerator(seed: 21)
        func sparse(_ report: ReportedCrossing?) -> [GeoEvent] {
            var tracker = PersonTracker(zones: [home, other])
            var t = Scene.monday + 10 * 3_600
            var events: [GeoEvent] = []
            for _ in 0..<12 {
                events += tracker.ingest(scene.fix(x: random.gaussian(sigma: 8), y: random.gaussian(sigma: 8), t: t, accuracy: 15))
                t += 300
            }
            events += tracker.ingest(scene.fix(x: 138, y: 4, t: t, accuracy: 12), reportedCrossing: report)
            for distance in [420.0, 700, 640] {
                t += 240
                events += tracker.ingest(scene.fix(x: distance, y: 10, t: t, accuracy: 10))
            }
            t += 240
            events += tracker.ingest(scene.fix(x: 60, y: 0, t: t, accuracy: 10),
                                     reportedCrossing: report.map { ReportedCrossing(zoneId: $0.zoneId, direction: .entered) })
            return events.filter { if case .stateChanged = $0 { false } else { true } }
        }
        let withReport = sparse(ReportedCrossing(zoneId: "home", direction: .left))
        XCTAssertEqual(withReport.prefix(2), [.leftZone(zoneId: "home"), .enteredZone(zoneId: "home")])
        XCTAssertEqual(withReport.filter { $0 == .leftZone(zoneId: "home") }.count, 1)
        let withoutReport = sparse(nil)
        XCTAssertEqual(withoutReport.filter { $0 == .leftZone(zoneId: "home") }.count, 1,
                       "without the report the exit is decided later, once the signal filter accepts the fixes far away")
        let otherZone = sparse(ReportedCrossing(zoneId: "school", direction: .left))
        XCTAssertEqual(otherZone.filter { $0 == .leftZone(zoneId: "school") }.count, 0, "a report for another zone confirms nothing here")
    }
}
