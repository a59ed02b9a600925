/// A point in a local metric plane: metres east (`x`) and north (`y`) of the plane's origin.
public struct PlanarPoint: Sendable, Equatable, Codable {
    /// Metres east of the origin.
    public var x: Double
    /// Metres north of the origin.
    public var y: Double

    /// Creates a point from metres east and north.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Straight-line distance to `other`, in metres.
    @inlinable public func distance(to other: PlanarPoint) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Squared straight-line distance to `other`, in square metres.
    @inlinable public func squaredDistance(to other: PlanarPoint) -> Double {
        let dx = other.x - x, dy = other.y - y
        return dx * dx + dy * dy
    }
}
