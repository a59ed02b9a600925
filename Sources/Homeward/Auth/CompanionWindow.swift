/// What a trip companion was given: the traveller's trip from the moment they joined until it ended
/// (the arrival included), and nothing of the traveller before or after.
public struct CompanionWindow: Sendable, Equatable {
    /// The trip's internal key.
    public var tripKey: Int64
    /// The trip's opaque id.
    public var tripID: String
    /// The traveller.
    public var traveller: AccountKey
    /// When the companion joined.
    public var joinedAt: Timestamp
    /// When the trip ended (arrived); nil while it is active.
    public var endedAt: Timestamp?

    /// Creates a window.
    public init(tripKey: Int64, tripID: String, traveller: AccountKey, joinedAt: Timestamp, endedAt: Timestamp?) {
        self.tripKey = tripKey
        self.tripID = tripID
        self.traveller = traveller
        self.joinedAt = joinedAt
        self.endedAt = endedAt
    }

    /// Whether an alert of the traveller of `type`, raised at `createdAt` for trip `alertTripID`, is the
    /// trip's to see: raised between joining and the end (inclusive, so `arrived` is), and either tagged
    /// with this trip or a call for help (an SOS, a countdown's danger) made during it.
    public func shows(alertOf account: AccountKey, type: AlertType, createdAt: Timestamp, tripID alertTripID: String?) -> Bool {
        guard account == traveller, createdAt >= joinedAt, endedAt.map({ createdAt <= $0 }) ?? true else { return false }
        return alertTripID == tripID || Self.callsForHelp.contains(type)
    }

    /// Alerts a companion sees during the trip even though no trip rule raised them.
    public static let callsForHelp = AlertType.callsForHelpTypes
}
