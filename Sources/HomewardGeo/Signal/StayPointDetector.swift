/// Incremental stay-point detection (Li et al., 2008): a stay is a run of positions all within a radius of
/// the run's first position for at least a minimum time; each position costs O(1).
public struct StayPointDetector: Sendable, Equatable, Codable {
    private let radiusMetres: Double
    private let minimumSeconds: Double
    private var anchor: TimedPoint?
    private var sumX = 0.0
    private var sumY = 0.0
    private var samples = 0
    /// Whether the current run has lasted long enough to be a stay.
    public private(set) var isStaying = false

    /// Creates a detector for stays within `radiusMetres` lasting at least `minimumSeconds`.
    public init(radiusMetres: Double, minimumSeconds: Double) {
        self.radiusMetres = radiusMetres
        self.minimumSeconds = minimumSeconds
    }

    /// The mean position of the current run, in the plane the positions were given in.
    public var center: PlanarPoint? {
        samples == 0 ? nil : PlanarPoint(x: sumX / Double(samples), y: sumY / Double(samples))
    }

    /// When the current run began.
    public var since: UnixSeconds? { anchor?.t }

    /// Adds the next position.
    public mutating func add(_ point: PlanarPoint, at t: UnixSeconds) {
        if let anchor, anchor.point.distance(to: point) <= radiusMetres {
            sumX += point.x
            sumY += point.y
            samples += 1
            if t - anchor.t >= minimumSeconds { isStaying = true }
        } else {
            anchor = TimedPoint(t: t, point: point)
            sumX = point.x
            sumY = point.y
            samples = 1
            isStaying = false
        }
    }

    /// Forgets the current run (positions after this are in a new plane).
    public mutating func reset() {
        anchor = nil
        samples = 0
        sumX = 0
        sumY = 0
        isStaying = false
    }
}
