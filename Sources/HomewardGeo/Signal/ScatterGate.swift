/// Tells a phone at rest whose fixes scatter within their own reported accuracy from movement.
///
/// Indoors a still phone's fixes jitter 50–150 m at a reported accuracy of ~50 m; the few of them
/// accurate enough to shape the path (`TrackerConfiguration.shapeMaxAccuracyMetres`) then draw a
/// random walk. Over the last `noiseWindowSeconds` of fixes (every accuracy), when the fixes' root
/// mean square distance from their mean is at most `noiseScatterFactor` times their root mean square
/// reported accuracy, and that accuracy is poor (at least `noiseMinAccuracyMetres`, so that small
/// laps drawn by accurate fixes still count), the scatter is noise, not movement.
public struct ScatterGate: Sendable, Equatable, Codable {
    /// A raw fix as the gate keeps it, with the running sums up to and including it (since the last
    /// reset), so a window's sums are one subtraction.
    private struct Entry: Sendable, Equatable, Codable {
        let t: UnixSeconds
        let point: PlanarPoint
        let accuracyMetres: Double
        let sumX: Double
        let sumY: Double
        let sumAccuracySquared: Double
    }

    /// Fixes kept at most.
    public static let capacity = 64

    private var entries = RingBuffer<Entry>(capacity: Self.capacity)

    /// Creates an empty gate.
    public init() {}

    /// Adds a fix's raw position (in the filter's plane) and its accuracy.
    public mutating func add(_ point: PlanarPoint, accuracyMetres: Double, at t: UnixSeconds) {
        let before = entries.last
        entries.append(Entry(
            t: t, point: point, accuracyMetres: accuracyMetres, sumX: (before?.sumX ?? 0) + point.x, sumY: (before?.sumY ?? 0) + point.y,
            sumAccuracySquared: (before?.sumAccuracySquared ?? 0) + accuracyMetres * accuracyMetres))
    }

    /// Forgets the fixes (a new segment has a new plane).
    public mutating func reset() {
        entries.removeAll()
    }

    /// Whether the fixes of the last `noiseWindowSeconds` up to `now` scatter within their accuracy.
    public func isNoise(at now: UnixSeconds, configuration: TrackerConfiguration) -> Bool {
        guard let last = entries.last else { return false }
        // The oldest entry within the window: times only grow, so a binary search finds it.
        var low = 0, high = entries.count - 1
        while low < high {
            let middle = (low + high) / 2
            if now - entries[middle].t <= configuration.noiseWindowSeconds { high = middle } else { low = middle + 1 }
        }
        guard now - entries[low].t <= configuration.noiseWindowSeconds else { return false }
        let count = entries.count - low
        guard count >= configuration.noiseMinimumFixes else { return false }
        let first = entries[low]
        // Sums over the window: the last running sum less the first's, plus the first's own values
        // (the entries before it may have left the ring).
        let accuracySquared = last.sumAccuracySquared - first.sumAccuracySquared + first.accuracyMetres * first.accuracyMetres
        let rmsAccuracy = (max(0, accuracySquared) / Double(count)).squareRoot()
        guard rmsAccuracy >= configuration.noiseMinAccuracyMetres else { return false }
        let mean = PlanarPoint(
            x: (last.sumX - first.sumX + first.point.x) / Double(count), y: (last.sumY - first.sumY + first.point.y) / Double(count))
        var sumSquared = 0.0
        for index in low..<entries.count {
            sumSquared += entries[index].point.squaredDistance(to: mean)
        }
        return (sumSquared / Double(count)).squareRoot() <= configuration.noiseScatterFactor * rmsAccuracy
    }
}
