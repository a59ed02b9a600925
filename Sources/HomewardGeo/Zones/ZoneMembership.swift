/// The hysteresis for one zone: an exit needs several accurate fixes clearly outside (by more than their
/// own accuracy plus a margin) over a minimum time; an entry needs consecutive fixes inside. Inaccurate
/// fixes never count towards an exit. The first decision, from the same evidence, raises no event.
/// A crossing the phone reported itself (`ReportedCrossing`) confirms at once when its fix agrees,
/// and raises its event even as the first decision: the phone saw the other side.
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

    /// Takes one fix's signed distance from the boundary (positive outside) and says what changed;
    /// `reported` is the crossing of this zone the phone reported with the fix, if any.
    public mutating func update(
        signedDistanceMetres distance: Double, accuracyMetres accuracy: Double, at t: UnixSeconds,
        configuration: TrackerConfiguration, reported: ReportedCrossing.Direction? = nil
    ) -> ZoneTransition? {
        if let reported, let transition = confirmReported(reported, distance: distance, accuracy: accuracy, at: t) {
            return transition
        }
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

    /// Decides a crossing the phone reported when the fix agrees (for an exit its whole accuracy
    /// circle is outside, for an entry it is inside); nil when it does not, or nothing changes. Alone
    /// (without `update`) for a fix already counted as evidence, so it is not counted twice.
    public mutating func confirmReported(
        _ direction: ReportedCrossing.Direction, distance: Double, accuracy: Double, at t: UnixSeconds
    ) -> ZoneTransition? {
        switch direction {
        case .left:
            guard presence != .outside, distance > accuracy else { return nil }
            presence = .outside
            outsideSince = t
            exitEvidenceFixes = 0
            entryEvidenceFixes = 0
            return .left(at: t)
        case .entered:
            guard presence != .inside, distance <= 0 else { return nil }
            presence = .inside
            outsideSince = nil
            exitEvidenceFixes = 0
            entryEvidenceFixes = 0
            return .entered
        }
    }
}
