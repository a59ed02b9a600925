/// The records an import skipped because they could not be used (read whole, but missing or wrong
/// values), counted, with the first few reasons kept to show.
public struct ImportRejections: Sendable, Equatable {
    /// How many records were skipped.
    public var count = 0
    /// The first `maxReasons` reasons: "line 3, locations[1]: expected latitudeE7 and longitudeE7".
    public var reasons: [String] = []

    /// Reasons kept at most.
    public static let maxReasons = 10

    /// None yet.
    public init(count: Int = 0, reasons: [String] = []) {
        self.count = count
        self.reasons = reasons
    }

    /// Counts `problem`, keeping its reason while fewer than `maxReasons` are kept.
    mutating func add(_ problem: ImportProblem) {
        count += 1
        if reasons.count < Self.maxReasons { reasons.append(problem.description) }
    }
}
