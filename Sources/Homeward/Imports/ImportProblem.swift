/// Why an import stopped: the line or JSON path where reading failed and what was expected there,
/// or where a file cut off in the middle ended.
public struct ImportProblem: Error, CustomStringConvertible, Equatable, Sendable {
    /// Where: "line 12", "locations[1203].latitudeE7", "byte 4096".
    public var location: String
    /// What was expected there, or what happened.
    public var message: String
    /// True when the file ended in the middle of a record (what came before is good).
    public var isTruncation: Bool
    /// True when only this record is unusable (read whole, but missing or wrong values): it is
    /// rejected and reading goes on with the next.
    public var isRejection = false

    /// A record at `location` is not what `expected` describes.
    public init(at location: String, expected: String) {
        self.location = location
        message = "expected \(expected)"
        isTruncation = false
    }

    /// The record at `location` was read but cannot be used, as `expected` says: it is skipped.
    public init(rejecting location: String, expected: String) {
        self.init(at: location, expected: expected)
        isRejection = true
    }

    /// The input ends inside a record at `location`.
    public init(truncatedAt location: String, detail: String = "the file ends here") {
        self.location = location
        message = "cut off: \(detail)"
        isTruncation = true
    }

    /// "line 12: expected a number for lat".
    public var description: String { "\(location): \(message)" }
}
