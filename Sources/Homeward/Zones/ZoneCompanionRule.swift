/// A zone's `unaccompanied` rule: `{withinMetres: 200}`. Leaving the zone with none of the person's
/// guardians' phones within `withinMetres` (by a guardian position no older than
/// `--unaccompanied-guardian-fix-max-age-seconds`) raises an `unaccompanied` alert. Off when absent.
public struct ZoneCompanionRule: Sendable, Codable, Equatable {
    /// Metres from the person within which a guardian's phone counts as being with them.
    public var withinMetres: Double

    /// Creates a rule.
    public init(withinMetres: Double) {
        self.withinMetres = withinMetres
    }
}
