/// The moments of one condition over a set of rows, as the episode statistics compare them: its
/// average and the average of its squares (nil when no row had it), and how many rows had it.
struct ConditionMoments: Sendable, Equatable {
    let average: Double?
    let count: Int
    let meanOfSquares: Double?

    /// No row had the condition.
    static let none = ConditionMoments(average: nil, count: 0, meanOfSquares: nil)
}
