import Foundation
import XCTest
@testable import HomewardGeo

/// The aimless-walk rule: a slow walk going nowhere, from a phone that gives no accuracy (so the
/// smoothed path shrinks to a blob), is found from the raw fixes' block means; the drift of a still
/// phone and an ordinary stroll are not.
final class AimlessWalkTests: XCTestCase {
    private let projection = LocalProjection(origin: Coordinate(lat: 39.99, lon: 116.32))
    private let start: UnixSeconds = 1_795_392_000

    /// Fixes without accuracy or speed (a logger's), one every `samplingSeconds`, of `positions`
    /// (one true position a second) with white noise of `sigma` metres and `error` added.
    private func fixes(
        of positions: [PlanarPoint], samplingSeconds: Int, sigma: Double, error: (Int) -> PlanarPoint = { _ in PlanarPoint(x: 0, y: 0) },
        using random: inout SeededGenerator
    ) -> [Fix] {
        stride(from: 0, to: positions.count, by: samplingSeconds).map { second in
            let bias = error(second)
            let point = PlanarPoint(
                x: positions[second].x + bias.x + random.gaussian(sigma: sigma),
                y: positions[second].y + bias.y + random.gaussian(sigma: sigma))
            let coordinate = projection.unproject(point)
            return Fix(t: start + Double(second), lat: coordinate.lat, lon: coordinate.lon, utcOffsetSeconds: 28_800)
        }
    }

    /// A walk at `speed` that turns by 30–165° either way every 8–40 m, for `seconds`.
    private func aimlessWalk(speed: Double, seconds: Int, from origin: PlanarPoint, using random: inout SeededGenerator) -> [PlanarPoint] {
        var heading = random.uniform(0...(2 * .pi)), leg = random.uniform(8...40), walked = 0.0
        var here = origin
        var positions: [PlanarPoint] = []
        for _ in 0..<seconds {
            here = PlanarPoint(x: here.x + speed * cos(heading), y: here.y + speed * sin(heading))
            positions.append(here)
            walked += speed
            if walked >= leg {
                heading += (random.chance(0.5) ? 1 : -1) * random.uniform(30...165) * .pi / 180
                leg = random.uniform(8...40)
                walked = 0
            }
        }
        return positions
    }

    /// The times and patterns of the wandering alerts `fixes` raise, after learning the routine from `history`.
    private func wanderingStarts(
        _ fixes: [Fix], history: [Fix] = [], configuration: TrackerConfiguration = TrackerConfiguration()
    ) -> [(UnixSeconds, WanderingPattern)] {
        var tracker = PersonTracker(configuration: configuration)
        for fix in history { tracker.learnRoutine(from: fix) }
        return fixes.flatMap { fix in
            tracker.ingest(fix).compactMap { event -> (UnixSeconds, WanderingPattern)? in
                if case .wanderingStarted(let pattern, _) = event { return (fix.t, pattern) }
                return nil
            }
        }
    }

    /// Blocks 30 s apart at `points`, each of two fixes `scatter` metres from the mean.
    private func blocks(_ points: [PlanarPoint], scatter: Double) -> [FixBlock] {
        points.enumerated().map { index, point in
            FixBlock(t: start + Double(index) * 30, mean: point, scatterSquareMetres: scatter * scatter, fixes: 2)
        }
    }

    func testTheMeasuresTellSpreadingFromComingBack() throws {
        let line = (0..<20).map { PlanarPoint(x: Double($0) * 15, y: 0) }
        let straight = try XCTUnwrap(AimlessWalkMeasures(blocks: blocks(line, scatter: 5), spanSeconds: 600, lagBlocks: 5))
        XCTAssertEqual(straight.straightness, 1, accuracy: 1e-9)
        XCTAssertEqual(straight.spreadGrowth, 5, accuracy: 1e-9, "a steady walk's spread grows with the lag")
        XCTAssertEqual(straight.stepVariation, 0, accuracy: 1e-9)
        XCTAssertEqual(straight.diameterMetres, 285, accuracy: 1e-9)
        XCTAssertEqual(straight.speedMetresPerSecond, 285.0 / 600, accuracy: 1e-9)
        XCTAssertEqual(straight.stepToScatter, 3, accuracy: 1e-9, "15 m steps, fixes 5 m about their means")
        let noisy = try XCTUnwrap(AimlessWalkMeasures(blocks: blocks(line, scatter: 30), spanSeconds: 600, lagBlocks: 5))
        XCTAssertEqual(noisy.stepToScatter, 0.5, accuracy: 1e-9, "fixes scattering as far as the blocks move")

        let jitter = (0..<20).map { PlanarPoint(x: $0 % 2 == 0 ? 0 : 12, y: 0) }
        let back = try XCTUnwrap(AimlessWalkMeasures(blocks: blocks(jitter, scatter: 5), spanSeconds: 600, lagBlocks: 5))
        XCTAssertEqual(back.spreadGrowth, 1, accuracy: 1e-9, "jitter between two places spreads no farther over five blocks than over one")
        XCTAssertEqual(back.diameterMetres, 12, accuracy: 1e-9)
        XCTAssertNil(AimlessWalkMeasures(
            blocks: blocks(Array(repeating: PlanarPoint(x: 3, y: 4), count: 20), scatter: 5), spanSeconds: 600, lagBlocks: 5))
    }

    func testASlowNoisyRandomWalkIsFound() {
        var silenced = TrackerConfiguration()
        silenced.aimlessReportAfterSeconds = .infinity
        var found = 0, foundWithoutTheRule = 0
        let seeds = UInt64(0)..<8
        for seed in seeds {
            var random = SeededGenerator(seed: 900 + seed)
            let still = Array(repeating: PlanarPoint(x: 0, y: 0), count: 1_200)
            let walk = aimlessWalk(speed: random.uniform(0.5...1.0), seconds: 2_400, from: still[0], using: &random)
            let after = Array(repeating: walk[walk.count - 1], count: 1_200)
            let track = fixes(of: still + walk + after, samplingSeconds: 5, sigma: 4, using: &random)
            let walkEnd = start + 1_200 + 2_400 + 300
            let within: ((UnixSeconds, WanderingPattern)) -> Bool = { $0.0 >= self.start + 1_200 && $0.0 <= walkEnd }
            let starts = wanderingStarts(track)
            XCTAssertTrue(starts.allSatisfy(within), "seed \(seed): an alert outside the walk: \(starts)")
            if starts.contains(where: { within($0) && $0.1 == .random }) { found += 1 }
            if wanderingStarts(track, configuration: silenced).contains(where: within) { foundWithoutTheRule += 1 }
        }
        XCTAssertEqual(found, seeds.count, "every slow aimless walk is found as random wandering")
        XCTAssertLessThanOrEqual(foundWithoutTheRule, 2, "the shape of the smoothed path alone misses most of them")
    }

    func testTheDriftOfAStillPhoneIsNotWandering() {
        for seed in UInt64(0)..<12 {
            var random = SeededGenerator(seed: 950 + seed)
            // Three hours on a table, outdoors or indoors: an error wandering by 8 m over about a minute
            // (first-order autoregressive), white noise of 4 m outdoors or 25 m indoors, and now and then
            // a minute or two of multipath 30–80 m away; a fix every 1, 5 or 10 s, without accuracy.
            let sampling = [1, 5, 10][Int(seed % 3)]
            let white = seed % 2 == 0 ? 4.0 : 25.0
            var biasX = 0.0, biasY = 0.0
            var errors: [PlanarPoint] = []
            var jumpUntil = -1, jump = PlanarPoint(x: 0, y: 0)
            let rho = exp(-1.0 / 60), innovation = 8 * (1 - rho * rho).squareRoot()
            for second in 0..<10_800 {
                biasX = rho * biasX + random.gaussian(sigma: innovation)
                biasY = rho * biasY + random.gaussian(sigma: innovation)
                if second > jumpUntil, random.chance(1.0 / 900) {
                    let angle = random.uniform(0...(2 * .pi)), distance = random.uniform(30...80)
                    jump = PlanarPoint(x: distance * cos(angle), y: distance * sin(angle))
                    jumpUntil = second + Int(random.uniform(35...120))
                }
                errors.append(second <= jumpUntil
                              ? PlanarPoint(x: biasX + jump.x, y: biasY + jump.y) : PlanarPoint(x: biasX, y: biasY))
            }
            let track = fixes(
                of: Array(repeating: PlanarPoint(x: 0, y: 0), count: 10_800), samplingSeconds: sampling, sigma: white,
                error: { errors[$0] }, using: &random)
            // Indoor noise of 25 m on a phone that gives no accuracy can draw a shape of the smoothed
            // path (a limit of the shape classes); the aimless-walk rule must add nothing to it.
            var silenced = TrackerConfiguration()
            silenced.aimlessReportAfterSeconds = .infinity
            let alerts = wanderingStarts(track).count
            XCTAssertEqual(alerts, wanderingStarts(track, configuration: silenced).count,
                           "seed \(seed), \(white) m noise, a fix every \(sampling) s: the rule finds no walk in drift")
            if white < 10 { XCTAssertEqual(alerts, 0, "seed \(seed): outdoor drift is not wandering") }
            var detector = AimlessWalkDetector(configuration: TrackerConfiguration())
            var evidence = 0.0
            for fix in track {
                _ = detector.observe(projection.project(fix.coordinate), at: fix.t, configuration: TrackerConfiguration())
                evidence = max(evidence, detector.evidenceSeconds)
            }
            XCTAssertLessThan(evidence, TrackerConfiguration().aimlessReportAfterSeconds / 2,
                              "seed \(seed): drift gathers not even half the evidence of an aimless walk")
        }
    }

    func testAnOrdinaryStrollAtAUsualPlaceIsNotWandering() {
        for seed in UInt64(0)..<6 {
            var random = SeededGenerator(seed: 980 + seed)
            // 45 minutes round a park and the streets beside it: paths of 40–120 m at 1.0–1.3 m/s with a
            // turn of 20–110° at each junction, and now and then a minute at a bench or a shop window.
            var path = TruePath(start: PlanarPoint(x: 0, y: 0))
            var heading = random.uniform(0...(2 * .pi))
            let speed = random.uniform(1.0...1.3)
            while path.durationSeconds < 2_700 {
                let leg = random.uniform(40...120)
                let here = path.current
                path.walk(to: PlanarPoint(x: here.x + leg * cos(heading), y: here.y + leg * sin(heading)), speed: speed, using: &random)
                heading += (random.chance(0.5) ? 1 : -1) * random.uniform(20...110) * .pi / 180
                if random.chance(0.2) { path.pause(seconds: Int(random.uniform(30...90))) }
            }
            var noise = NoiseModel(
                samplingSeconds: 5, correlatedSigmaMetres: 5, whiteSigmaMetres: 4, outlierProbability: 0, gapCount: 0,
                reportsSpeed: false)
            noise.indoorSigmaMetres = 4
            let track = noise.fixes(of: path, projection: projection, startTime: start, using: &random)
                .map { Fix(t: $0.t, lat: $0.lat, lon: $0.lon, utcOffsetSeconds: 28_800) }
            // The same stroll at the same hour on each of the week before: the park is a usual place.
            let history = (1...7).reversed().flatMap { day in
                track.map { Fix(t: $0.t - Double(day) * 86_400, lat: $0.lat, lon: $0.lon, utcOffsetSeconds: 28_800) }
            }
            XCTAssertEqual(wanderingStarts(track, history: history).count, 0, "seed \(seed): an ordinary stroll is not wandering")
        }
    }
}
