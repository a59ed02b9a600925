import XCTest
@testable import HomewardGeo

/// The rhythm of a walk to and fro along a short corridor, from raw fixes: its period, its corridor
/// and its line are found; laps, a phone at rest, a sparse logger and slow legs are not its to tell.
final class CorridorRhythmTests: XCTestCase {
    private let configuration = TrackerConfiguration()

    /// `seconds` to and fro along `corridor` metres at `speed`, a point every `every` s with `sigma`
    /// metres of noise, drifting `trend` metres a second across the corridor.
    private func toAndFro(
        corridor: Double, speed: Double = 1.05, seconds: Double = 240, every: Double = 5, sigma: Double = 0,
        trend: Double = 0, seed: UInt64 = 1
    ) -> [TimedPoint] {
        var noise = SeededGenerator(seed: seed)
        return stride(from: 0.0, to: seconds, by: every).map { t in
            let travelled = (t * speed).truncatingRemainder(dividingBy: 2 * corridor)
            let along = travelled < corridor ? travelled : 2 * corridor - travelled
            return TimedPoint(t: 1_000 + t, point: PlanarPoint(
                x: along + noise.gaussian(sigma: sigma), y: trend * t + noise.gaussian(sigma: sigma)))
        }
    }

    private func rhythm(_ points: [TimedPoint]) -> CorridorRhythm? {
        points.withUnsafeBufferPointer { CorridorRhythm($0, configuration: configuration) }
    }

    private func mayHaveRhythm(_ points: [TimedPoint]) -> Bool {
        points.withUnsafeBufferPointer { CorridorRhythm.mayHaveRhythm($0, configuration: configuration) }
    }

    func testAWalkToAndFroIsItsPeriodCorridorAndLine() throws {
        let clean = toAndFro(corridor: 15)
        XCTAssertTrue(mayHaveRhythm(clean))
        let found = try XCTUnwrap(rhythm(clean))
        XCTAssertEqual(found.periodSeconds, 2 * 15 / 1.05, accuracy: 1.5)
        XCTAssertEqual(found.corridorMetres, 15, accuracy: 2.5, "a triangle wave's fundamental is 4/π² of its corridor")
        XCTAssertEqual(found.speedMetresPerSecond, 1.05, accuracy: 0.2)
        XCTAssertLessThan(found.flatness, 0.05)
        XCTAssertGreaterThan(found.explainedShare, 0.9)
        XCTAssertEqual(found.cycles, 240 / (2 * 15 / 1.05), accuracy: 0.5)
        XCTAssertTrue(found.isPacing(configuration: configuration))

        // With 4 m of noise, and drifting across the corridor (the straight-line trend is taken out):
        // the period is found in every 4-minute window, and most tell pacing on their own (the
        // detector judges a window every 5 s, and one suffices).
        var told = 0
        for seed: UInt64 in 1...8 {
            let noisy = try XCTUnwrap(rhythm(toAndFro(corridor: 15, sigma: 4, trend: 0.05, seed: seed)))
            XCTAssertEqual(noisy.periodSeconds, 2 * 15 / 1.05, accuracy: 2, "seed \(seed)")
            XCTAssertEqual(noisy.corridorMetres, 15, accuracy: 6, "seed \(seed)")
            if noisy.isPacing(configuration: configuration) { told += 1 }
        }
        XCTAssertGreaterThanOrEqual(told, 5)
    }

    func testLapsAreACircleNotALine() throws {
        let radius = 100 / (2 * Double.pi)
        let laps = stride(from: 0.0, to: 300, by: 5).map { t in
            TimedPoint(t: t, point: PlanarPoint(x: radius * cos(t * 1.05 / radius), y: radius * sin(t * 1.05 / radius)))
        }
        let found = try XCTUnwrap(rhythm(laps))
        XCTAssertEqual(found.periodSeconds, 100 / 1.05, accuracy: 5)
        XCTAssertGreaterThan(found.flatness, 0.9)
        XCTAssertFalse(found.isPacing(configuration: configuration))
    }

    func testAPhoneAtRestOrDriftingHasNoRhythm() {
        for seed: UInt64 in 1...20 {
            var noise = SeededGenerator(seed: seed)
            var driftX = 0.0, driftY = 0.0
            let resting = stride(from: 0.0, to: 240, by: 5).map { t -> TimedPoint in
                driftX = 0.9 * driftX + noise.gaussian(sigma: 2)
                driftY = 0.9 * driftY + noise.gaussian(sigma: 1)
                return TimedPoint(t: t, point: PlanarPoint(x: driftX + noise.gaussian(sigma: 4), y: driftY + noise.gaussian(sigma: 4)))
            }
            let told = mayHaveRhythm(resting) && (rhythm(resting)?.isPacing(configuration: configuration) ?? false)
            XCTAssertFalse(told, "seed \(seed)")
        }
        let still = (0..<48).map { TimedPoint(t: Double($0) * 5, point: PlanarPoint(x: 3, y: 4)) }
        XCTAssertFalse(mayHaveRhythm(still))
        XCTAssertNil(rhythm(still), "nothing moves: no period fits")
    }

    func testARhythmFasterThanThreeFixesOrSlowerThanEightIsNotThis() throws {
        // A logger's fix every 19 s along a 15 m corridor (a period of 28.6 s): no period shorter
        // than three fixes is tried (on real days such a logger fitted 18 s anywhere); what is seen
        // is its alias, 57 s.
        let sparse = try XCTUnwrap(rhythm(toAndFro(corridor: 15, seconds: 900, every: 19)))
        XCTAssertEqual(sparse.periodSeconds, 1 / (1 / 19 - 1.05 / 30), accuracy: 3)
        XCTAssertGreaterThanOrEqual(sparse.fixesAPeriod, 2.9)
        // A 30 m corridor at 0.6 m/s: a period of 20 fixes, whose turns show.
        let slow = try XCTUnwrap(rhythm(toAndFro(corridor: 30, speed: 0.6, seconds: 600)))
        XCTAssertEqual(slow.periodSeconds, 100, accuracy: 5)
        XCTAssertGreaterThan(slow.fixesAPeriod, configuration.pacingRhythmMaxFixesAPeriod)
        XCTAssertFalse(slow.isPacing(configuration: configuration))
        // Too few fixes for any rhythm.
        XCTAssertNil(rhythm(Array(toAndFro(corridor: 15).prefix(configuration.pacingRhythmMinFixes - 1))))
    }

    /// The one pass over a window for all its tails says what each tail alone says.
    func testTheLookAtAllTailsAtOnceIsTheLookAtEachAlone() {
        var random = SeededGenerator(seed: 77)
        var said = (yes: 0, no: 0)
        for trial in 0..<200 {
            let corridor = random.uniform(8...40), every = random.uniform(4...8), sigma = random.uniform(0...8)
            let walking = random.chance(0.6)
            let count = Int(random.uniform(20...128))
            let window = (0..<count).map { index -> TimedPoint in
                let t = Double(index) * every
                let travelled = (t * 1.05).truncatingRemainder(dividingBy: 2 * corridor)
                let along = walking ? (travelled < corridor ? travelled : 2 * corridor - travelled) : 0
                return TimedPoint(t: t, point: PlanarPoint(x: along + random.gaussian(sigma: sigma), y: random.gaussian(sigma: sigma)))
            }
            // Starts latest first, as the detector's tails come; two may coincide.
            let starts = [0.6, 0.45, 0.3, 0.15, 0.0].map { Int(Double(count) * $0) }
            var together = [Bool](repeating: false, count: starts.count)
            window.withUnsafeBufferPointer { buffer in
                starts.withUnsafeBufferPointer { startBuffer in
                    together.withUnsafeMutableBufferPointer { may in
                        CorridorRhythm.tailsThatMayHaveRhythm(buffer, starts: startBuffer, configuration: configuration, into: may)
                    }
                }
            }
            let alone = starts.map { mayHaveRhythm(Array(window[$0...])) }
            XCTAssertEqual(together, alone, "trial \(trial)")
            said.yes += alone.filter { $0 }.count
            said.no += alone.filter { !$0 }.count
        }
        XCTAssertGreaterThan(said.yes, 50)
        XCTAssertGreaterThan(said.no, 50)
    }
}
