/// What the signal filter made of one fix.
public enum FilterOutcome: Sendable, Equatable {
    /// The fix is good and was used.
    case accepted(FilteredFix)
    /// The fix was not used.
    case rejected(RejectionReason)
}
