/// Tells a phone at rest whose fixes scatter within their own reported accuracy from movement.
///
/// Indoors a still phone's fixes jitter 50–150 m at a reported accuracy of ~50 m; the few of them
/// accurate enough to shape the path (`TrackerConfiguration.shapeMaxAccuracyMetres`) then draw a
/// random walk. Over the last `noiseWindowSeconds` of fixes (every accuracy), when the fixes' root
/// mean square distance from their mean is at most `noiseScatterFactor` times their root mean square
/// reported accuracy, and that accuracy is poor (at least `noiseMinAccuracyMetres`, so that small
/// laps drawn by accurate fixes still count), the scatter is noise, not movement.
public struct ScatterGate: Sendable, Equatable, Codable {
    /// A raw fix as the gate keeps it.
    private struct Entry: Sendable, Equatable, Codable {
        let t: UnixSeconds
        let point: PlanarPoint
        let accuracyMetres: Double
    }

    /// Fixes kept at most.
    public static let capacity = 64

    private var entries = RingBuffer<Entry>(capacity: Self.capacity)

    /// Creates an empty gate.
    public init() {}

    /// Adds a fix's raw position (in the filter's plane) and its accuracy.
    public mutating func add(_ point: PlanarPoint, accuracyMetres: Double, at t: UnixSeconds) {
        entries.append(Entry(t: t, point: point, accuracyMetres: accuracyMetres))
    }

    /// Forgets the fixes (a new segment has a new plane).
    public mutating func reset() {
        entries.removeAll()
    }

    /// Whether the fixes of the last `noiseWindowSeconds` up to `now` scatter within their accuracy.
    public func isNoise(at now: UnixSeconds, configuration: TrackerConfiguration) -> Bool {
        var sumX = 0.0, sumY = 0.0, sumAccuracySquared = 0.0
        var count = 0
        var index = entries.count - 1
        while index >= 0, now - entries[index].t <= configuration.noiseWindowSeconds {
            let entry = entries[index]
            sumX += entry.point.x
            sumY += entry.point.y
            sumAccuracySquared += entry.accuracyMetres * entry.accuracyMetres
            count += 1
            index -= 1
        }
        guard count >= configuration.noiseMinimumFixes else { return false }
        let rmsAccuracy = (sumAccuracySquared / Double(count)).squareRoot()
        guard rmsAccuracy >= configuration.noiseMinAccuracyMetres else { return false }
        let mean = PlanarPoint(x: sumX / Double(count), y: sumY / Double(count))
        var sumSquared = 0.0
        for offset in 0..<count {
            sumSquared += entries[entries.count - 1 - offset].point.squaredDistance(to: mean)
        }
        return (sumSquared / Double(count)).squareRoot() <= configuration.noiseScatterFactor * rmsAccuracy
    }
}
