/// One alert a replay would have raised or resolved.
public struct ReplayedAlert: Sendable, Equatable {
    /// Raised, or its cause ended.
    public enum Change: String, Sendable, Equatable {
        /// The alert would have been raised (no alert of its cause was active).
        case raised
        /// The active alert of the cause would have been resolved.
        case resolved
    }

    /// When (the fix's time), in Unix seconds.
    public var t: Double
    /// Raised or resolved.
    public var change: Change
    /// The alert's type (for a resolution, the type of the alert it ends).
    public var type: AlertType
    /// The alert's cause.
    public var cause: String
    /// The rule's message (raised alerts only).
    public var message: String?
    /// Where the person was.
    public var location: AlertResource.Location?
}
