/// Motion summed over a span of time (a day, today so far).
public struct MotionTotals: Sendable, Equatable, Codable {
    /// Steps.
    public var steps: Int
    /// Metres covered.
    public var distance: Double
    /// Minutes with a walking, running or cycling report, or with steps.
    public var activeMinutes: Int

    /// Creates totals.
    public init(steps: Int = 0, distance: Double = 0, activeMinutes: Int = 0) {
        self.steps = steps
        self.distance = distance
        self.activeMinutes = activeMinutes
    }
}
