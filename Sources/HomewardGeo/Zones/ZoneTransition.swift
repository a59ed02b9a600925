/// A confirmed change of presence in one zone.
public enum ZoneTransition: Sendable, Equatable {
    /// The person came in.
    case entered
    /// The person left; `at` is the first fix that showed it.
    case left(at: UnixSeconds)
}
