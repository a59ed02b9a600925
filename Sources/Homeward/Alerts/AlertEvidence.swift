import Foundation
import HomewardGeo

/// What decided a `left_zone` or `wandering` alert (the `evidence` of the alert resource): the fixes
/// that decided it, the worst accuracy among them, how long and how far beyond the line the person
/// was, and the routine it broke. Stored with the alert as JSON in this shape.
public struct AlertEvidence: Sendable, Codable, Equatable {
    /// One deciding fix.
    public struct EvidenceFix: Sendable, Codable, Equatable {
        /// When it was taken.
        public var t: Timestamp
        /// Latitude in degrees.
        public var lat: Double
        /// Longitude in degrees.
        public var lon: Double
        /// Accuracy in metres, if the phone said.
        public var accuracy: Double?
    }

    /// What the learned routine said.
    public struct Routine: Sendable, Codable, Equatable {
        /// Days of history the routine had learned before that day (0 when learning is off).
        public var learnedDays: Int
        /// Whether that is enough to trust it (`--routine-minimum-days`).
        public var trusted: Bool
        /// Whether the place was usual for the person at that hour.
        public var usualHere: Bool
        /// The person's local hour of the deciding fix.
        public var hour: Int
        /// The learned place marked not usual the person was in, if any.
        public var unusualPlaceId: String?
    }

    /// The deciding fixes, oldest first (the last few).
    public var fixes: [EvidenceFix]
    /// The least accurate of them, in metres.
    public var worstAccuracy: Double?
    /// How long the person had been beyond the line (the zone's edge, the far-from-home distance, or
    /// in the shape) when it was decided.
    public var secondsBeyond: Double
    /// How far beyond that line the farthest fix was, in metres (absent for a shape).
    public var metresBeyond: Double?
    /// The routine it broke (far from home and wandering shapes).
    public var routine: Routine?

    /// The API's form of the tracker's `evidence`.
    public init(_ evidence: DecisionEvidence) {
        fixes = evidence.fixes.map {
            EvidenceFix(t: Timestamp(unixMilliseconds: Int64(($0.t * 1000).rounded())), lat: $0.lat, lon: $0.lon, accuracy: $0.accuracy)
        }
        worstAccuracy = evidence.worstAccuracyMetres.map(Self.rounded)
        secondsBeyond = Self.rounded(evidence.secondsBeyond)
        metresBeyond = evidence.metresBeyond.map(Self.rounded)
        routine = evidence.routine.map {
            Routine(learnedDays: $0.learnedDays, trusted: $0.trusted, usualHere: $0.usualHere, hour: $0.hour,
                    unusualPlaceId: $0.unusualPlace.map { String($0) })
        }
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// The JSON stored in `alerts.evidence`.
    func storedJSON() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Reads the JSON stored in `alerts.evidence`.
    static func stored(_ text: String) throws -> AlertEvidence {
        try JSONDecoder().decode(AlertEvidence.self, from: Data(text.utf8))
    }
}
