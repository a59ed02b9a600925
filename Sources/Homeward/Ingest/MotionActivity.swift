/// What a phone's motion sensors say the person was doing (`motion.activity`).
public enum MotionActivity: String, Sendable, CaseIterable, Codable {
    /// The sensors could not tell.
    case unknown
    /// Not moving.
    case stationary
    /// On foot, walking.
    case walking
    /// On foot, running.
    case running
    /// On a bicycle.
    case cycling
    /// In a vehicle.
    case automotive

    /// The stored code (`motion.activity`).
    public var code: Int64 {
        switch self {
        case .unknown: 0
        case .stationary: 1
        case .walking: 2
        case .running: 3
        case .cycling: 4
        case .automotive: 5
        }
    }

    /// The activity of stored code `code`.
    public init?(code: Int64) {
        guard let activity = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = activity
    }

    /// Whether the person was physically active (counts towards active minutes).
    public var isActive: Bool {
        self == .walking || self == .running || self == .cycling
    }
}
