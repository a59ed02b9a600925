#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Cleans one person's fixes one at a time in constant time: drops inaccurate, duplicate, out-of-order
/// and impossible fixes, smooths the position (a scalar Kalman filter weighted by accuracy) and the
/// speed (an exponentially weighted moving average), and notices gaps.
public struct SignalFilter: Sendable, Equatable, Codable {
    /// Recent smoothed positions kept for the implied speed (one every quarter baseline).
    public static let speedHistoryCount = 6

    /// The plane positions are measured in, tangent at the first fix of the current segment.
    public private(set) var projection: LocalProjection?
    /// The last fix used.
    public private(set) var lastAccepted: Fix?
    private var lastAccuracyMetres = 0.0
    private var lastRaw = PlanarPoint(x: 0, y: 0)
    private var estimate = PlanarPoint(x: 0, y: 0)
    private var varianceSquareMetres = 0.0
    /// The exponentially weighted speed, in metres per second.
    public private(set) var smoothedSpeedMetresPerSecond = 0.0
    private var consecutiveJumps = 0
    /// The last fix refused as a jump since a fix was used, with its position and accuracy.
    private var heldJump: HeldJump?
    private var history: RingBuffer<TimedPoint>
    /// The reprojection distance beyond which a new segment gets a new plane, in metres.
    public static let replanDistanceMetres = 20_000.0

    /// Creates an empty filter.
    public init() {
        history = RingBuffer(capacity: Self.speedHistoryCount)
    }

    /// Takes the next fix and says whether it was used, with the thresholds of `configuration`.
    /// A `corroborated` fix (the phone reported a zone crossing with it) that lies beyond the outlier
    /// gate is a real move, re-anchored at once instead of after several such fixes; an impossible
    /// speed is refused all the same.
    public mutating func filter(
        _ fix: Fix, prepared: SphericalPoint, configuration: TrackerConfiguration, corroborated: Bool = false
    ) -> FilterOutcome {
        guard fix.t.isFinite, fix.coordinate.isValid else { return .rejected(.invalid) }
        let accuracy = fix.accuracy.map { $0 >= 0 ? $0 : configuration.assumedAccuracyMetres }
            ?? configuration.assumedAccuracyMetres
        guard accuracy <= configuration.maxAccuracyMetres else { return .rejected(.poorAccuracy) }
        guard let previous = lastAccepted, let plane = projection else {
            return .accepted(startSegment(with: fix, prepared: prepared, accuracy: accuracy))
        }
        if fix.t < previous.t { return .rejected(.outOfOrder) }
        if fix.t == previous.t { return .rejected(.duplicateTime) }
        let dt = fix.t - previous.t
        let raw = plane.project(prepared)
        let unexplained = max(0, raw.distance(to: lastRaw) - accuracy - lastAccuracyMetres)
        let possible = unexplained / dt <= configuration.maxSpeedMetresPerSecond
        if possible, dt > configuration.gapSeconds || raw.distance(to: PlanarPoint(x: 0, y: 0)) > Self.replanDistanceMetres {
            return .accepted(startSegment(with: fix, prepared: prepared, accuracy: accuracy))
        }
        // The smoothed estimate trails a walker whose phone reports every 30 s or so by a hundred
        // metres and more: a fix that carries on from the last one used is no outlier however far the
        // estimate trails (a spike is far from both). Closer fixes keep the estimate near.
        let innovation = dt >= configuration.sparseFixSeconds
            ? min(raw.distance(to: estimate), raw.distance(to: lastRaw)) : raw.distance(to: estimate)
        let statisticalGate = configuration.outlierGateSigmas * (varianceSquareMetres + accuracy * accuracy).squareRoot()
        let motionGate = configuration.outlierGateSpeedFactor * smoothedSpeedMetresPerSecond * dt
            + configuration.outlierGateSlackMetres
        if !possible || innovation > max(statisticalGate, motionGate) {
            consecutiveJumps += 1
            let departure = possible ? departureStart(before: raw, accuracy: accuracy, at: fix.t, configuration: configuration) : nil
            guard consecutiveJumps >= configuration.jumpRejectionsBeforeReanchor || (possible && corroborated)
                || departure != nil else {
                heldJump = HeldJump(fix: fix, raw: raw, accuracyMetres: accuracy)
                return .rejected(.impossibleJump)
            }
            // Several fixes in a row beyond the gate: the person really moved (a vehicle setting off), so
            // the new segment starts with the speed of that move unless it is impossible.
            let impliedSpeed = raw.distance(to: lastRaw) / dt
            let accepted = startSegment(with: fix, prepared: prepared, accuracy: accuracy)
            if fix.speed == nil, impliedSpeed <= configuration.maxSpeedMetresPerSecond {
                smoothedSpeedMetresPerSecond = impliedSpeed
            }
            return .accepted(FilteredFix(
                fix: fix, accuracyMetres: accuracy, raw: accepted.raw, smoothed: accepted.smoothed,
                smoothedSpeedMetresPerSecond: smoothedSpeedMetresPerSecond, startsSegment: true, departure: departure))
        }
        // A fix refused just before that lies on the way to this one was the start of the move.
        let departure = heldJump == nil ? nil : departureStart(before: raw, accuracy: accuracy, at: fix.t, configuration: configuration)
        consecutiveJumps = 0
        heldJump = nil

        let processNoise = configuration.positionProcessNoiseSquareMetresPerSecond
            + smoothedSpeedMetresPerSecond * smoothedSpeedMetresPerSecond * configuration.speedProcessNoiseSeconds
        varianceSquareMetres += processNoise * dt
        let gain = varianceSquareMetres / (varianceSquareMetres + accuracy * accuracy)
        estimate = PlanarPoint(x: estimate.x + gain * (raw.x - estimate.x), y: estimate.y + gain * (raw.y - estimate.y))
        varianceSquareMetres *= 1 - gain

        if let speedSample = speedSample(reported: fix.speed, at: fix.t, baselineSeconds: configuration.speedBaselineSeconds) {
            let weight = 1 - exp(-dt / configuration.speedSmoothingSeconds)
            smoothedSpeedMetresPerSecond += weight * (speedSample - smoothedSpeedMetresPerSecond)
        }
        // A sparse history: six entries a quarter baseline apart cover more than the baseline.
        if history.last.map({ fix.t - $0.t >= configuration.speedBaselineSeconds / 4 }) ?? true {
            history.append(TimedPoint(t: fix.t, point: estimate))
        }
        lastAccepted = fix
        lastAccuracyMetres = accuracy
        lastRaw = raw
        return .accepted(FilteredFix(
            fix: fix, accuracyMetres: accuracy, raw: raw, smoothed: estimate,
            smoothedSpeedMetresPerSecond: smoothedSpeedMetresPerSecond, startsSegment: false, departure: departure))
    }

    /// The fix refused just before, when the fix at `raw` carries on from it as a departure does:
    /// reachable from it, farther from the last good fix by `departureMinProgressMetres`, and on much
    /// the same heading. A resting phone's multipath scatters; a car setting off goes on.
    private func departureStart(
        before raw: PlanarPoint, accuracy: Double, at t: UnixSeconds, configuration: TrackerConfiguration
    ) -> Fix? {
        guard configuration.departureMinProgressMetres > 0, let held = heldJump, t > held.fix.t else { return nil }
        let step = raw.distance(to: held.raw)
        guard max(0, step - accuracy - held.accuracyMetres) / (t - held.fix.t) <= configuration.maxSpeedMetresPerSecond,
              raw.distance(to: lastRaw) >= held.raw.distance(to: lastRaw) + configuration.departureMinProgressMetres
        else { return nil }
        let outward = (x: held.raw.x - lastRaw.x, y: held.raw.y - lastRaw.y)
        let onward = (x: raw.x - held.raw.x, y: raw.y - held.raw.y)
        let lengths = (outward.x * outward.x + outward.y * outward.y).squareRoot() * step
        guard lengths > 0,
              (outward.x * onward.x + outward.y * onward.y) / lengths >= configuration.departureMinHeadingCosine
        else { return nil }
        return held.fix
    }

    private func speedSample(reported: Double?, at t: UnixSeconds, baselineSeconds: Double) -> Double? {
        if let reported, reported >= 0, reported.isFinite { return reported }
        var baseline: TimedPoint?
        for index in stride(from: history.count - 1, through: 0, by: -1) {
            let entry = history[index]
            if t - entry.t >= baselineSeconds {
                baseline = entry
                break
            }
        }
        guard let origin = baseline else { return nil }
        return origin.point.distance(to: estimate) / (t - origin.t)
    }

    private mutating func startSegment(with fix: Fix, prepared: SphericalPoint, accuracy: Double) -> FilteredFix {
        let plane = LocalProjection(origin: fix.coordinate)
        projection = plane
        let raw = plane.project(prepared)
        estimate = raw
        lastRaw = raw
        varianceSquareMetres = accuracy * accuracy
        consecutiveJumps = 0
        heldJump = nil
        history.removeAll()
        history.append(TimedPoint(t: fix.t, point: raw))
        if let reported = fix.speed, reported >= 0, reported.isFinite {
            smoothedSpeedMetresPerSecond = reported
        } else {
            smoothedSpeedMetresPerSecond = 0
        }
        lastAccepted = fix
        lastAccuracyMetres = accuracy
        return FilteredFix(
            fix: fix, accuracyMetres: accuracy, raw: raw, smoothed: raw,
            smoothedSpeedMetresPerSecond: smoothedSpeedMetresPerSecond, startsSegment: true)
    }
}

/// A fix the filter refused as a jump, kept to tell whether the next one shows a departure.
private struct HeldJump: Sendable, Equatable, Codable {
    var fix: Fix
    var raw: PlanarPoint
    var accuracyMetres: Double
}
