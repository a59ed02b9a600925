/// Why the signal filter did not use a fix.
public enum RejectionReason: String, Sendable, Equatable, Codable {
    /// Older than the last fix used (the app stores it, the tracker ignores it).
    case outOfOrder
    /// The same moment as the last fix used.
    case duplicateTime
    /// Less accurate than the configured limit.
    case poorAccuracy
    /// The move from the last good fix implies an impossible speed.
    case impossibleJump
    /// Not a valid coordinate or time.
    case invalid
}
