/// What an alert is about (API.md "Types").
public enum AlertType: String, Sendable, Codable, CaseIterable {
    /// The person pressed SOS.
    case sos
    /// A countdown ran out without being cancelled.
    case danger
    /// The person arrived at the end of a trip.
    case arrived
    /// The person left a safe zone.
    case leftZone = "left_zone"
    /// The person entered a safe zone (when asked for).
    case enteredZone = "entered_zone"
    /// Movement looks like wandering.
    case wandering
    /// A trip left its route.
    case offRoute = "off_route"
    /// A trip is late.
    case overdue
    /// A trip has not progressed for too long.
    case stalled
    /// No heartbeat for too long.
    case silent
    /// The phone's battery is low.
    case lowBattery = "low_battery"
    /// A dependent is leaving home with none of their guardians near.
    case unaccompanied
    /// A zone's "there by" rule was not met.
    case expectedMissed = "expected_missed"
    /// Someone became the person's guardian with the code the person chose; told to the person.
    case newGuardian = "new_guardian"

    /// A short human title, for webhook receivers such as ntfy or Gotify.
    public var title: String {
        switch self {
        case .sos: "SOS"
        case .danger: "Countdown ran out"
        case .arrived: "Arrived safely"
        case .leftZone: "Left a safe zone"
        case .enteredZone: "Entered a safe zone"
        case .wandering: "Wandering"
        case .offRoute: "Off route"
        case .overdue: "Overdue"
        case .stalled: "Trip stalled"
        case .silent: "Phone silent"
        case .lowBattery: "Low battery"
        case .unaccompanied: "Left home alone"
        case .expectedMissed: "Not there in time"
        case .newGuardian: "New guardian"
        }
    }

    /// Whether the alert is told to the person it is about (and acknowledged by them), not to the
    /// people who watch them: a new guardian is news for the person, not for the other guardians.
    public var isForThePerson: Bool { self == .newGuardian }
    /// The types that get the person's newest stored fix when raised without a position: whoever
    /// is told of a call for help must be told where.
    static let carriesNewestFix: Set<AlertType> = [.sos, .danger]
}
