/// The bounds of a share link's lifetime.
enum ShareLimits {
    /// The shortest lifetime a link may have, in seconds.
    static let minLifetimeSeconds = 60
    /// The longest lifetime a link may have, in seconds (90 days): a link is meant for one consultation.
    static let maxLifetimeSeconds = 90 * 24 * 3600
}
