#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The to-and-fro rhythm of a window of raw fixes, for a corridor too short for its turns to be
/// counted (`PacingMeasures`): a 15 m corridor is walked in 14 s, three fixes at one every 5 s, and
/// averaging them in threes against 4 m of noise shrinks it to about 10 m, so the turns blur. Here
/// the fixes are not averaged: less their straight-line trend, the sinusoid of one period that best
/// fits them along their main axis (least squares, periods from `pacingRhythmShortestPeriodSeconds`
/// and `pacingRhythmMinFixesAPeriod` fixes' mean spacing to half the window's span) is found, and
/// its share of their spread along the axis says how much of the movement is the rhythm. To and fro
/// traces a line (with the fit across the axis, a flat ellipse); laps a circle; noise and drift have
/// no period that explains much of them.
public struct CorridorRhythm: Sendable, Equatable {
    /// The period of the best-fitting sinusoid (one back-and-forth), in seconds.
    public let periodSeconds: Double
    /// How many periods the window spans.
    public let cycles: Double
    /// The sinusoid's share of the fixes' spread along their main axis, their trend taken out (0...1).
    public let explainedShare: Double
    /// The same sinusoid's share of the spread in the half of the window it fits less well.
    public let weakerHalfShare: Double
    /// The ellipse the sinusoid traces: its minor over its major axis (0: a line, 1: a circle).
    public let flatness: Double
    /// The corridor a triangle wave (a steady walk to and fro) of that sinusoid's amplitude walks,
    /// in metres: its fundamental's amplitude is 4/π² of the corridor's length.
    public let corridorMetres: Double

    /// The window's fixes per period, on average.
    public let fixesAPeriod: Double

    /// The walking speed the rhythm implies: a corridor there and back in a period.
    public var speedMetresPerSecond: Double { periodSeconds > 0 ? 2 * corridorMetres / periodSeconds : 0 }

    /// Whether the window of `points` (oldest first) may hold a rhythm at all: the mean squared
    /// distance between fixes some steps apart dips, at a larger step, to at most
    /// 1 / `pacingRhythmMinDip` of what it reached at a smaller one (a walker back where they were a
    /// back-and-forth before). A phone at rest (flat) or drifting (rising) shows no dip. No trig,
    /// and steps only up to a period's most fixes (`pacingRhythmMaxFixesAPeriod`, and one more):
    /// the cheap look most windows end at.
    static func mayHaveRhythm(_ points: UnsafeBufferPointer<TimedPoint>, configuration: TrackerConfiguration) -> Bool {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { starts in
            starts.initializeElement(at: 0, to: 0)
            return withUnsafeTemporaryAllocation(of: Bool.self, capacity: 1) { may in
                tailsThatMayHaveRhythm(points, starts: UnsafeBufferPointer(starts), configuration: configuration, into: may)
                return may[0]
            }
        }
    }

    /// `mayHaveRhythm` for each tail of `window` starting at `starts` (latest start first), written
    /// to `may`: one pass over the window a step, for all the tails at once (a tail's pairs are those
    /// of the longer ones that start within it).
    static func tailsThatMayHaveRhythm(
        _ window: UnsafeBufferPointer<TimedPoint>, starts: UnsafeBufferPointer<Int>, configuration: TrackerConfiguration,
        into may: UnsafeMutableBufferPointer<Bool>
    ) {
        let count = window.count, tails = starts.count
        guard tails > 0 else { return }
        let stepCap = Int(configuration.pacingRhythmMaxFixesAPeriod.rounded(.up)) + 1
        let cycles = max(1, Int(configuration.pacingRhythmMinCycles.rounded(.down)))
        withUnsafeTemporaryAllocation(of: Double.self, capacity: tails) { highest in
            highest.initialize(repeating: 0)
            for tail in 0..<tails { may[tail] = false }
            let largest = min(stepCap, (count - (starts.min() ?? 0)) / cycles)
            guard largest >= 2 else { return }
            for step in 1...largest {
                // Backwards from the newest pair: a tail's sum is complete once its start is passed.
                var sum = 0.0
                var tail = 0
                var first = count - 1 - step
                while tail < tails, starts[tail] > first { tail += 1 }
                while first >= 0, tail < tails {
                    let dx = window[first + step].point.x - window[first].point.x
                    let dy = window[first + step].point.y - window[first].point.y
                    sum += dx * dx + dy * dy
                    while tail < tails, starts[tail] == first {
                        let length = count - starts[tail]
                        if !may[tail], length >= configuration.pacingRhythmMinFixes, step <= min(stepCap, length / cycles) {
                            let meanSquare = sum / Double(length - step)
                            if step > 1, meanSquare * configuration.pacingRhythmMinDip < highest[tail] { may[tail] = true }
                            highest[tail] = max(highest[tail], meanSquare)
                        }
                        tail += 1
                    }
                    first -= 1
                }
            }
        }
    }

    /// Whether the rhythm is pacing by `configuration`'s thresholds: enough periods, each of few
    /// fixes, most of the movement along a line, a short corridor walked at a walker's pace.
    public func isPacing(configuration: TrackerConfiguration) -> Bool {
        cycles >= configuration.pacingRhythmMinCycles
            && fixesAPeriod <= configuration.pacingRhythmMaxFixesAPeriod
            && explainedShare >= configuration.pacingRhythmMinExplainedShare
            && weakerHalfShare >= configuration.pacingRhythmMinHalfShare
            && flatness <= configuration.pacingRhythmMaxFlatness
            && corridorMetres >= configuration.pacingCorridorMinMetres && corridorMetres <= configuration.pacingRhythmMaxCorridorMetres
            && speedMetresPerSecond >= configuration.pacingMinLegSpeedMetresPerSecond
            && speedMetresPerSecond <= configuration.pacingMaxLegSpeedMetresPerSecond
    }

    /// How clearly the window shows pacing, 0...1.
    public var score: Double {
        min(1, cycles / 8) * 0.5 + explainedShare * 0.3 + max(0, 1 - flatness) * 0.2
    }
}

extension CorridorRhythm {
    /// Fits `points` (oldest first, at least `pacingRhythmMinFixes`); nil for too few, or when no
    /// period in the range fits at all.
    public init?(_ points: UnsafeBufferPointer<TimedPoint>, configuration: TrackerConfiguration) {
        let count = points.count
        guard count >= configuration.pacingRhythmMinFixes, let first = points.first, let last = points.last else { return nil }
        let span = last.t - first.t
        // The slowest periods are tried too, so that a drift or a bend in the path, not a rhythm, is
        // what fits best there (and the window is no rhythm).
        let longest = span / configuration.pacingRhythmScanFromCycles
        // A period shorter than a few fixes' spacing is not seen, only aliased.
        let shortest = max(configuration.pacingRhythmShortestPeriodSeconds,
                           configuration.pacingRhythmMinFixesAPeriod * span / Double(count - 1))
        guard span > 0, longest > shortest else { return nil }
        // Each coordinate less its straight-line trend over the window (a walk that led here, a slow
        // drift): what is left is the movement to and fro.
        var meanT = 0.0, meanX = 0.0, meanY = 0.0
        for point in points { meanT += point.t; meanX += point.point.x; meanY += point.point.y }
        meanT /= Double(count)
        meanX /= Double(count)
        meanY /= Double(count)
        var tt = 0.0, tx = 0.0, ty = 0.0
        for point in points {
            let dt = point.t - meanT
            tt += dt * dt
            tx += dt * (point.point.x - meanX)
            ty += dt * (point.point.y - meanY)
        }
        let (slopeX, slopeY) = (tx / tt, ty / tt)
        // Frequencies from the longest period to the shortest, a quarter of the window's own
        // resolution apart; each fix's phase is turned on by its own step (no trig per frequency).
        let lowest = 1 / longest, highest = 1 / shortest
        let step = 1 / (configuration.pacingRhythmOversampling * span)
        var best: (frequency: Double, power: Double, along: (Double, Double), across: (Double, Double))?
        let fitted: CorridorRhythm? = withUnsafeTemporaryAllocation(of: Double.self, capacity: 6 * count) { scratch in
            // Each fix's position less the trend. The rhythm is sought along the residuals' main
            // axis (a line's two coefficients a frequency, where both coordinates' four would fit
            // noise twice as well).
            for index in 0..<count {
                let dt = points[index].t - meanT
                scratch[6 * index + 4] = points[index].point.x - meanX - slopeX * dt
                scratch[6 * index + 5] = points[index].point.y - meanY - slopeY * dt
            }
            let residuals = (0..<count).lazy.map { PlanarPoint(x: scratch[6 * $0 + 4], y: scratch[6 * $0 + 5]) }
            let axis = PointSpread(residuals, count: Double(count)).mainAxisAngle
            let (ux, uy) = (cos(axis), sin(axis))
            // cos, sin of each fix's phase; cos, sin of its turn per frequency step; its residual
            // along the axis and across it.
            var alongSquares = 0.0
            for index in 0..<count {
                let elapsed = points[index].t - first.t
                scratch[6 * index] = cos(2 * .pi * lowest * elapsed)
                scratch[6 * index + 1] = sin(2 * .pi * lowest * elapsed)
                scratch[6 * index + 2] = cos(2 * .pi * step * elapsed)
                scratch[6 * index + 3] = sin(2 * .pi * step * elapsed)
                let x = scratch[6 * index + 4], y = scratch[6 * index + 5]
                scratch[6 * index + 4] = x * ux + y * uy
                scratch[6 * index + 5] = y * ux - x * uy
                alongSquares += scratch[6 * index + 4] * scratch[6 * index + 4]
            }
            var frequency = lowest
            while frequency <= highest {
                var sumC = 0.0, sumS = 0.0, cc = 0.0, ss = 0.0, cs = 0.0, uc = 0.0, us = 0.0, vc = 0.0, vs = 0.0
                for index in 0..<count {
                    let c = scratch[6 * index], s = scratch[6 * index + 1]
                    let u = scratch[6 * index + 4], v = scratch[6 * index + 5]
                    sumC += c; sumS += s; cc += c * c; ss += s * s; cs += c * s
                    uc += u * c; us += u * s; vc += v * c; vs += v * s
                    // Turned on to the next frequency.
                    let turnC = scratch[6 * index + 2], turnS = scratch[6 * index + 3]
                    scratch[6 * index] = c * turnC - s * turnS
                    scratch[6 * index + 1] = s * turnC + c * turnS
                }
                // The fit with a constant: the sums about the means.
                let n = Double(count)
                cc -= sumC * sumC / n; ss -= sumS * sumS / n; cs -= sumC * sumS / n
                let determinant = cc * ss - cs * cs
                if determinant > 1e-9 * n * n {
                    let au = (uc * ss - us * cs) / determinant, bu = (us * cc - uc * cs) / determinant
                    let power = au * uc + bu * us
                    if power > (best?.power ?? 0) {
                        let av = (vc * ss - vs * cs) / determinant, bv = (vs * cc - vc * cs) / determinant
                        best = (frequency, power, (au, bu), (av, bv))
                    }
                }
                frequency += step
            }
            // The best fit at the longest period tried is a trend the line did not take out, or a
            // rhythm slower than the window can show: no rhythm either way.
            guard let best, best.frequency > lowest, alongSquares > 0 else { return nil }
            // The ellipse the sinusoid traces (along and across): its semi-axes are the singular
            // values of [[au, bu], [av, bv]].
            let (au, bu) = best.along, (av, bv) = best.across
            let p = au * au + bu * bu, q = av * av + bv * bv, r = au * av + bu * bv
            let root = (((p - q) / 2) * ((p - q) / 2) + r * r).squareRoot()
            let major = ((p + q) / 2 + root).squareRoot(), minor = max(0, (p + q) / 2 - root).squareRoot()
            // The same sinusoid's share in each half of the window: a rhythm holds in both, noise
            // that happened to fit is mostly one stretch of it.
            var sumC = 0.0, sumS = 0.0
            for index in 0..<count {
                let phase = 2 * .pi * best.frequency * (points[index].t - first.t)
                scratch[6 * index] = cos(phase)
                scratch[6 * index + 1] = sin(phase)
                sumC += scratch[6 * index]
                sumS += scratch[6 * index + 1]
            }
            var halves = (residual: (0.0, 0.0), total: (0.0, 0.0))
            let middle = first.t + span / 2
            for index in 0..<count {
                let u = scratch[6 * index + 4]
                let fit = au * (scratch[6 * index] - sumC / Double(count)) + bu * (scratch[6 * index + 1] - sumS / Double(count))
                if points[index].t < middle {
                    halves.residual.0 += (u - fit) * (u - fit)
                    halves.total.0 += u * u
                } else {
                    halves.residual.1 += (u - fit) * (u - fit)
                    halves.total.1 += u * u
                }
            }
            let weakerHalf = min(halves.total.0 > 0 ? 1 - halves.residual.0 / halves.total.0 : 0,
                                 halves.total.1 > 0 ? 1 - halves.residual.1 / halves.total.1 : 0)
            return CorridorRhythm(
                periodSeconds: 1 / best.frequency, cycles: span * best.frequency,
                explainedShare: min(1, best.power / alongSquares), weakerHalfShare: weakerHalf,
                flatness: major > 0 ? minor / major : 1,
                corridorMetres: Double.pi * Double.pi * p.squareRoot() / 4,
                fixesAPeriod: Double(count) / (span * best.frequency))
        }
        guard let fitted else { return nil }
        self = fitted
    }
}
