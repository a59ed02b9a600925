import XCTest
@testable import HomewardGeo

/// Life_Tracker's story: someone walking round and round a fountain is wandering, and is told so
/// within two full laps (or 8 minutes, whichever is later) for laps of 100–400 m, with or without a
/// learned routine that knows the gardens; pacing a corridor is told within 6 back-and-forths; and a
/// still phone indoors whose fixes scatter within their reported accuracy is not wandering at all.
final class LapsAndPacingTests: XCTestCase {
    private let scene = Scene()
    /// A fix every 5 s, 4 m of noise, an accuracy of 12 m, at 1.05 m/s: the fountain walk.
    private let speed = 1.05

    /// Three minutes walking in from 200 m south, then `minutes` round a circle of `lapMetres`
    /// centred 2 km from home; returns the fixes and when the laps began.
    private func fountainWalk(lapMetres: Double, minutes: Double, start: UnixSeconds, seed: UInt64) -> (fixes: [Fix], lapsFrom: UnixSeconds) {
        var noise = SeededGenerator(seed: seed)
        let radius = lapMetres / (2 * .pi)
        let centre = PlanarPoint(x: 0, y: 2_000)
        var fixes: [Fix] = []
        var t = start
        var north = centre.y - 200
        while north < centre.y - radius {
            fixes.append(scene.fix(x: centre.x + noise.gaussian(sigma: 4), y: north + noise.gaussian(sigma: 4), t: t, accuracy: 12))
            north += speed * 5
            t += 5
        }
        let lapsFrom = t
        while t - lapsFrom < minutes * 60 {
            let angle = -Double.pi / 2 + (t - lapsFrom) * speed / radius
            fixes.append(scene.fix(
                x: centre.x + radius * cos(angle) + noise.gaussian(sigma: 4),
                y: centre.y + radius * sin(angle) + noise.gaussian(sigma: 4), t: t, accuracy: 12))
            t += 5
        }
        return (fixes, lapsFrom)
    }

    /// When `tracker` first reports wandering of `pattern` on `fixes`, if it does.
    private func firstWandering(_ pattern: WanderingPattern, on fixes: [Fix], tracker: inout PersonTracker) -> UnixSeconds? {
        for fix in fixes {
            for event in tracker.ingest(fix) {
                if case .wanderingStarted(let found, _) = event, found == pattern { return fix.t }
            }
        }
        return nil
    }

    private var home: SafeZone {
        SafeZone(id: "home", name: "Home", shape: .circle(Circle(center: scene.center, radiusMetres: 150)), isHome: true)
    }

    func testLapsOf100To400MetresAreToldWithinTwoLapsOrEightMinutes() {
        for lapMetres in [100.0, 200, 300, 400] {
            for seed: UInt64 in 1...3 {
                let walk = fountainWalk(lapMetres: lapMetres, minutes: 20, start: Scene.monday + 15 * 3600, seed: seed)
                var tracker = PersonTracker(zones: [home])
                let told = firstWandering(.lapping, on: walk.fixes, tracker: &tracker)
                let allowed = max(2 * lapMetres / speed, 8 * 60)
                XCTAssertNotNil(told, "laps of \(lapMetres) m, seed \(seed)")
                if let told {
                    XCTAssertLessThanOrEqual(told - walk.lapsFrom, allowed, "laps of \(lapMetres) m, seed \(seed)")
                }
            }
        }
    }

    func testLapsAreToldAsQuicklyWhereALearnedRoutineKnowsThePersonAtThatHour() {
        var tracker = PersonTracker(zones: [home])
        // Ten afternoons in the same gardens at the same hour, sitting by the fountain.
        var noise = SeededGenerator(seed: 9)
        for day in 0..<10 {
            let start = Scene.monday - Double(10 - day) * 86_400 + 15 * 3600
            for fix in scene.stand(at: PlanarPoint(x: 0, y: 1_960), seconds: 1_800, startTime: start, interval: 30, noise: &noise) {
                _ = tracker.ingest(fix)
            }
        }
        let walk = fountainWalk(lapMetres: 200, minutes: 13, start: Scene.monday + 15 * 3600, seed: 4)
        let told = firstWandering(.lapping, on: walk.fixes, tracker: &tracker)
        XCTAssertNotNil(told)
        if let told { XCTAssertLessThanOrEqual(told - walk.lapsFrom, 8 * 60) }
    }

    /// 25 minutes to and fro along a corridor `corridor` metres long, 2 km from home.
    private func pacing(corridor: Double, seed: UInt64, start: UnixSeconds, minutes: Double = 25) -> [Fix] {
        var noise = SeededGenerator(seed: seed)
        return stride(from: 0.0, to: minutes * 60, by: 5).map { elapsed -> Fix in
            let along = (elapsed * speed).truncatingRemainder(dividingBy: 2 * corridor)
            let x = along < corridor ? along : 2 * corridor - along
            return scene.fix(x: 500 + x + noise.gaussian(sigma: 4), y: 2_000 + noise.gaussian(sigma: 4), t: start + elapsed, accuracy: 12)
        }
    }

    /// Twenty minutes walked without a pause along a corridor of 15, 20 or 30 m, eight walks each: one
    /// pacing alert a walk, at most two (a 20 m corridor's turns blur in the noise for minutes at a
    /// time), where ending an episode after two windows without pacing raised up to nine.
    func testAWalkToAndFroIsOnePacingAlertNotOneAWindow() {
        func raised(corridor: Double, seed: UInt64, _ configuration: TrackerConfiguration) -> Int {
            var tracker = PersonTracker(configuration: configuration, zones: [home])
            return pacing(corridor: corridor, seed: seed, start: Scene.monday + 15 * 3600, minutes: 20)
                .flatMap { tracker.ingest($0) }
                .filter { if case .wanderingStarted = $0 { true } else { false } }.count
        }
        var endingSoon = TrackerConfiguration()
        endingSoon.pacingEndJudgements = 2
        for corridor in [15.0, 20, 30] {
            let now = (UInt64(1)...8).map { raised(corridor: corridor, seed: $0, TrackerConfiguration()) }
            let before = (UInt64(1)...8).map { raised(corridor: corridor, seed: $0, endingSoon) }
            XCTAssertLessThanOrEqual(now.max() ?? 0, 2, "\(corridor) m: \(now)")
            XCTAssertGreaterThanOrEqual(now.min() ?? 0, 1, "\(corridor) m: \(now)")
            XCTAssertLessThan(now.reduce(0, +), before.reduce(0, +), "\(corridor) m: \(now) against \(before)")
        }
    }

    func testPacingACorridorIsToldWithinSixBackAndForthsFromThirtyMetres() {
        for (corridor, most) in [(30.0, 6.0), (40, 6), (50, 6), (100, 6)] {
            for seed: UInt64 in 5...7 {
                let start = Scene.monday + 15 * 3600
                let backAndForth = 2 * corridor / speed
                var tracker = PersonTracker(zones: [home])
                let told = firstWandering(.pacing, on: pacing(corridor: corridor, seed: seed, start: start), tracker: &tracker)
                XCTAssertNotNil(told, "a \(corridor) m corridor, seed \(seed)")
                if let told {
                    XCTAssertLessThanOrEqual(told - start, most * backAndForth, "a \(corridor) m corridor, seed \(seed)")
                }
            }
        }
    }

    /// The back-and-forths walked along a corridor of `corridor` metres before each of twelve walks
    /// is told as pacing (infinity: never).
    private func backAndForthsAtTell(corridor: Double, _ configuration: TrackerConfiguration) -> [Double] {
        (UInt64(1)...12).map { seed in
            let start = Scene.monday + 15 * 3600
            var tracker = PersonTracker(configuration: configuration, zones: [home])
            let told = firstWandering(.pacing, on: pacing(corridor: corridor, seed: seed, start: start), tracker: &tracker)
            return ((told ?? .infinity) - start) / (2 * corridor / speed)
        }
    }

    /// Corridors of 15 and 20 m, twelve walks each, pacing from the first fix: a 20 m corridor is told
    /// within 6 back-and-forths every walk, a 15 m one in 11 of 12 (the twelfth within 9: its noise
    /// shrinks the corridor it draws to 10–12 m for minutes). Their turns blur (a 15 m corridor is
    /// walked in three fixes, a 20 m one in four), and the rhythm of the raw fixes tells them
    /// (`CorridorRhythm`); by their turns alone a 20 m corridor was told within 6 for 11 of 12 walks
    /// and a 15 m one for few. One window judged every 5 s tells more in time than two judged every
    /// 15 s.
    func testCorridorsOf15And20MetresAreToldWithinSixBackAndForths() {
        var turnsAlone = TrackerConfiguration()
        turnsAlone.pacingRhythmMinFixes = .max
        for (corridor, withinSix, most) in [(15.0, 11, 9.0), (20, 12, 6)] {
            let now = backAndForthsAtTell(corridor: corridor, TrackerConfiguration())
            XCTAssertGreaterThanOrEqual(now.filter { $0 <= 6 }.count, withinSix, "\(corridor) m: \(now)")
            XCTAssertLessThanOrEqual(now.max() ?? .infinity, most, "\(corridor) m: \(now)")
            let byTurns = backAndForthsAtTell(corridor: corridor, turnsAlone)
            XCTAssertLessThan(byTurns.filter { $0 <= 6 }.count, now.filter { $0 <= 6 }.count, "\(corridor) m by turns alone: \(byTurns)")
        }
        var confirmedTwice = turnsAlone
        confirmedTwice.pacingConfirmJudgements = 2
        confirmedTwice.pacingJudgeEverySeconds = 15
        let byTurns = backAndForthsAtTell(corridor: 20, turnsAlone).filter { $0 <= 6 }.count
        XCTAssertLessThan(backAndForthsAtTell(corridor: 20, confirmedTwice).filter { $0 <= 6 }.count, byTurns)
    }

    /// Pacing is told by the corridor detector even where the shape classes are off, and not at all
    /// with it off for a 30 m corridor (their smoothed path loses its turns).
    func testAShortCorridorIsToldFromTheRawFixes() {
        let start = Scene.monday + 15 * 3600
        var off = TrackerConfiguration()
        off.pacingRawMinTurns = .max
        var without = PersonTracker(configuration: off, zones: [home])
        XCTAssertNil(firstWandering(.pacing, on: pacing(corridor: 30, seed: 5, start: start), tracker: &without))
    }

    /// Two back-and-forths in a corridor and on, a phone resting with 4 m of noise, and a walk to
    /// the shop 150 m away and back, twice: none is pacing.
    func testAFewTurnsARestingPhoneAndErrandsAreNotPacing() {
        let start = Scene.monday + 15 * 3600
        var noise = SeededGenerator(seed: 9)
        var tracks: [(String, [Fix])] = []
        let corridor = Array(pacing(corridor: 30, seed: 8, start: start, minutes: 2 * 60 / speed / 60))
        let leaving = scene.walk(from: PlanarPoint(x: 500, y: 2_000), to: PlanarPoint(x: 500, y: 2_600), speed: speed,
                                 startTime: (corridor.last?.t ?? start) + 5, interval: 5, noise: &noise, noiseSigmaMetres: 4, accuracy: 12)
        tracks.append(("two back-and-forths", corridor + leaving))
        tracks.append(("resting", scene.stand(at: PlanarPoint(x: 500, y: 2_000), seconds: 3_600, startTime: start, interval: 5,
                                             noise: &noise, noiseSigmaMetres: 4, accuracy: 12)))
        var errands: [Fix] = []
        var t = start
        for _ in 0..<2 {
            for (from, to) in [(PlanarPoint(x: 500, y: 2_000), PlanarPoint(x: 650, y: 2_000)), (PlanarPoint(x: 650, y: 2_000), PlanarPoint(x: 500, y: 2_000))] {
                errands += scene.walk(from: from, to: to, speed: speed, startTime: t, interval: 5, noise: &noise, noiseSigmaMetres: 4, accuracy: 12)
                t = (errands.last?.t ?? t) + 5
                errands += scene.stand(at: to, seconds: 300, startTime: t, interval: 5, noise: &noise, noiseSigmaMetres: 4, accuracy: 12)
                t = (errands.last?.t ?? t) + 5
            }
        }
        tracks.append(("errands", errands))
        for (name, fixes) in tracks {
            var tracker = PersonTracker(zones: [home])
            XCTAssertNil(firstWandering(.pacing, on: fixes, tracker: &tracker), name)
        }
    }

    func testTheCorridorMeasuresCountTurnsAlongTheMainAxis() {
        let configuration = TrackerConfiguration()
        // A clean walk to and fro along a 30 m corridor at 45° for 5 minutes, a point every 5 s.
        let points = stride(from: 0.0, to: 300, by: 5).map { elapsed -> TimedPoint in
            let along = (elapsed * 1.0).truncatingRemainder(dividingBy: 60)
            let x = along < 30 ? along : 60 - along
            return TimedPoint(t: elapsed, point: PlanarPoint(x: x * 0.7071, y: x * 0.7071))
        }
        let measures = PacingMeasures(points, configuration: configuration)
        XCTAssertNotNil(measures)
        guard let measures else { return }
        XCTAssertEqual(measures.turns, 9)
        XCTAssertEqual(measures.extentMetres, 23.3, accuracy: 0.1, "averaging in threes rounds the ends off")
        XCTAssertLessThan(measures.thinness, 0.05)
        XCTAssertLessThan(measures.legVariation, 0.1)
        XCTAssertEqual(measures.legSpeedMetresPerSecond, 23.3 / 30, accuracy: 0.01)
        XCTAssertTrue(measures.isPacing(configuration: configuration))
        XCTAssertNil(PacingMeasures(Array(points.prefix(8)), configuration: configuration))
    }

    /// A 25 m corridor walked at 1 m/s, a point every 5 s: one end, where the walk came back only to
    /// 16 m (the noise blurred it), hides two turns, and the leg across it lasts three legs' time. It
    /// is measured as three legs, so the steady pacing stays regular; without that, it does not.
    func testATurnTheNoiseHidAtOneEndDoesNotMakeSteadyPacingIrregular() {
        let period: [Double] = [0, 5, 10, 15, 20, 25, 20, 15, 10, 5]
        var along = (0..<80).map { period[$0 % period.count] }
        along.replaceSubrange(28...32, with: repeatElement(16, count: 5))
        let points = along.enumerated().map { TimedPoint(t: Double($0.offset) * 5, point: PlanarPoint(x: $0.element, y: 0)) }
        let configuration = TrackerConfiguration()
        guard let measures = PacingMeasures(points, configuration: configuration) else { return XCTFail("no measures") }
        XCTAssertEqual(measures.turns, 13, "two of the 15 turns are hidden")
        XCTAssertLessThan(measures.legVariation, 0.05)
        XCTAssertTrue(measures.isPacing(configuration: configuration))

        var asOneLeg = configuration
        asOneLeg.pacingHiddenTurnsMinimumLegs = .max
        guard let unsplit = PacingMeasures(points, configuration: asOneLeg) else { return XCTFail("no measures") }
        XCTAssertGreaterThan(unsplit.legVariation, asOneLeg.pacingMaxLegVariation)
        XCTAssertFalse(unsplit.isPacing(configuration: asOneLeg))
    }

    /// `PacingMeasures.mayBePacing`, which lets the detector skip most windows without copying them,
    /// says no exactly when the full measures' thinness, extent or turns fail `isPacing` (or the
    /// window is too short): to and fro along corridors of 8–120 m, at rest, and going somewhere,
    /// with 0–10 m of noise, read from a ring buffer that has wrapped round and from every tail.
    func testTheQuickPacingCheckSaysNoExactlyWhenTheFullMeasuresFailTheirFirstThresholds() {
        let configuration = TrackerConfiguration()
        var random = SeededGenerator(seed: 32)
        var agreed = 0, couldBe = 0
        var refused = (thinness: 0, extent: 0, turns: 0)
        for track in 0..<400 {
            let corridor = random.uniform(8...120), speed = random.uniform(0.3...2.5), spacing = random.uniform(4...9)
            let noise = random.uniform(0...10), angle = random.uniform(0...Double.pi)
            let fixes = Int(random.uniform(5...200))
            var ring = RingBuffer<TimedPoint>(capacity: configuration.pacingWindowFixes)
            for index in 0..<fixes {
                let t = Double(index) * spacing
                let along: Double
                switch track % 4 {
                case 0: along = 0 // at rest
                case 1: along = t * speed // going somewhere
                default:
                    let travelled = (t * speed).truncatingRemainder(dividingBy: 2 * corridor)
                    along = travelled < corridor ? travelled : 2 * corridor - travelled
                }
                let point = PlanarPoint(
                    x: along * cos(angle) + random.gaussian(sigma: noise), y: along * sin(angle) + random.gaussian(sigma: noise))
                ring.append(TimedPoint(t: t, point: point))
            }
            for start in stride(from: 0, to: ring.count, by: 3) {
                let window = (start..<ring.count).map { ring[$0] }
                let quick = PacingMeasures.mayBePacing(ring, from: start, configuration: configuration)
                var expected = false
                if let measures = PacingMeasures(window, configuration: configuration) {
                    let thin = measures.thinness <= configuration.pacingMaxThinness
                    let long = measures.extentMetres >= configuration.pacingCorridorMinMetres
                        && measures.extentMetres <= configuration.pacingCorridorMaxMetres
                    let turning = measures.turns >= configuration.pacingRawMinTurns
                    expected = thin && long && turning
                    if !thin { refused.thinness += 1 } else if !long { refused.extent += 1 } else if !turning { refused.turns += 1 }
                    if measures.isPacing(configuration: configuration) { XCTAssertTrue(quick, "track \(track) from \(start)") }
                }
                XCTAssertEqual(quick, expected, "track \(track) from \(start)")
                agreed += quick == expected ? 1 : 0
                couldBe += quick ? 1 : 0
            }
        }
        XCTAssertGreaterThan(agreed, 5_000)
        XCTAssertGreaterThan(couldBe, 100, "windows that pass the quick check")
        XCTAssertGreaterThan(refused.thinness, 100)
        XCTAssertGreaterThan(refused.extent, 100)
        XCTAssertGreaterThan(refused.turns, 100)
    }

    func testAStillPhoneIndoorsWhoseFixesScatterWithinTheirAccuracyIsNotWandering() {
        var told = 0
        for seed: UInt64 in 1...8 {
            var noise = SeededGenerator(seed: seed)
            var tracker = PersonTracker(zones: [home])
            var offset = PlanarPoint(x: 0, y: 0)
            var t = Scene.monday + 14 * 3600
            // Three hours sitting still 2 km from home; multipath drags the fixes 50–150 m about,
            // at a reported accuracy of 30–60 m.
            for _ in 0..<540 {
                offset = PlanarPoint(x: 0.8 * offset.x + noise.gaussian(sigma: 35), y: 0.8 * offset.y + noise.gaussian(sigma: 35))
                let length = offset.distance(to: PlanarPoint(x: 0, y: 0))
                if length > 150 { offset = PlanarPoint(x: offset.x * 150 / length, y: offset.y * 150 / length) }
                let fix = scene.fix(x: offset.x, y: 2_000 + offset.y, t: t, accuracy: noise.uniform(30...60))
                told += tracker.ingest(fix).filter {
                    if case .wanderingStarted = $0 { return true }
                    return false
                }.count
                t += [5.0, 10, 15, 20, 30, 45][Int(noise.uniform(0...5.999))]
            }
        }
        XCTAssertEqual(told, 0, "scatter within the reported accuracy is noise, not movement")
    }
}
