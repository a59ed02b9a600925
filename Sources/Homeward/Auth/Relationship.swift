/// How a caller stands to another account; what it may see follows from this alone.
public enum Relationship: Sendable, Hashable {
    /// The caller's own account.
    case oneself
    /// The caller is a linked guardian of the account.
    case guardian
    /// The caller accompanies an active trip of the account.
    case companion
}
