/// The hysteresis for one zone: an exit needs several accurate fixes clearly outside (by more than their
/// own accuracy plus a margin) over a minimum time; an entry needs consecutive fixes inside. Inaccurate
/// fixes never count towards an exit. The first decision, from the same evidence, raises no event.
public struct ZoneMembership: Sendable, Equatable, Codable {
    /// The decided presence.
    public private(set) var presence = ZonePresence.unknown
    /// When the person was first seen outside in the current absence (nil while inside or unknown).
    public private(set) var outsideSince: UnixSeconds?
    private var exitEvidenceFixes = 0
    private var exitEvidenceSince: UnixSeconds = 0
    private var entryEvidenceFixes = 0

    /// Creates an undecided membership.
    public init() {}

    /// Takes one fix's signed distance from the boundary (positive outside) and says what changed.
    public mutating func update(
        signedDistanceMetres distance: Double, accuracyMetres accuracy: Double, at t: UnixSeconds,
        configuration: TrackerConfiguration
    ) -> ZoneTransition? {
        let clearlyOutside = accuracy <= configuration.exitMaxAccuracyMetres
            && distance > accuracy + configuration.exitMarginMetres
        let inside = distance <= -configuration.entryMarginMetres

        if inside {
            exitEvidenceFixes = 0
            entryEvidenceFixes += 1
        } else {
            entryEvidenceFixes = 0
            if clearlyOutside {
                if exitEvidenceFixes == 0 { exitEvidenceSince = t }
                exitEvidenceFixes += 1
            }
        }

        switch presence {
        case .unknown:
            if entryEvidenceFixes >= configuration.entryConfirmFixes {
                presence = .inside
            } else if exitEvidenceFixes >= configuration.exitConfirmFixes {
                presence = .outside
                outsideSince = exitEvidenceSince
            }
            return nil
        case .inside:
            guard exitEvidenceFixes >= configuration.exitConfirmFixes,
                  t - exitEvidenceSince >= configuration.exitConfirmSeconds else { return nil }
            presence = .outside
            outsideSince = exitEvidenceSince
            entryEvidenceFixes = 0
            return .left(at: exitEvidenceSince)
        case .outside:
            guard entryEvidenceFixes >= configuration.entryConfirmFixes else { return nil }
            presence = .inside
            outsideSince = nil
            exitEvidenceFixes = 0
            return .entered
        }
    }
}
