import Foundation

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
    /// What the alert was raised on (raised zone exits and wandering alerts only), as the live
    /// server stores it with the alert.
    public var evidence: AlertEvidence?

    /// One line of it for a person to read: the deciding fixes, the worst accuracy, how long and how
    /// far beyond the line, and the routine's say; "-" when there is none.
    public var evidenceSummary: String {
        guard let evidence else { return "-" }
        var parts = ["\(evidence.fixes.count) fixes", String(format: "%.0f s beyond", evidence.secondsBeyond)]
        if let metres = evidence.metresBeyond { parts.append(String(format: "%.0f m beyond", metres)) }
        if let worst = evidence.worstAccuracy { parts.append(String(format: "worst accuracy %.0f m", worst)) }
        if let routine = evidence.routine {
            parts.append("routine \(routine.learnedDays) days\(routine.trusted ? "" : " (not trusted)"), "
                + "\(routine.usualHere ? "usual" : "not usual") here at \(routine.hour) h")
        }
        let fixes = evidence.fixes.map { fix in
            String(format: "%@ %.6f,%.6f", fix.t.rfc3339, fix.lat, fix.lon) + (fix.accuracy.map { String(format: " ±%.0f", $0) } ?? "")
        }
        return parts.joined(separator: ", ") + ": " + fixes.joined(separator: "; ")
    }
}
