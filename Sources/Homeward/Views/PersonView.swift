/// One person as a guardian's home screen shows them (an item of `GET /v1/dependents`, and the
/// answer of `GET /v1/accounts/{id}/location`).
public struct PersonView: Sendable, Equatable, Encodable {
    /// Who it is.
    public var account: AccountSummary
    /// The latest position, or null before the first fix.
    public var location: LocationResource?
    /// Moving or not, last seen, zone, wandering.
    public var status: StatusResource
    /// Motion since midnight in the caller's time zone.
    public var motionToday: MotionTotals

    /// Creates a view.
    public init(account: AccountSummary, location: LocationResource?, status: StatusResource, motionToday: MotionTotals) {
        self.account = account
        self.location = location
        self.status = status
        self.motionToday = motionToday
    }

    private enum CodingKeys: String, CodingKey {
        case account, location, status, motionToday
    }

    /// Encodes every field, a missing location as null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(account, forKey: .account)
        try container.encode(location, forKey: .location)
        try container.encode(status, forKey: .status)
        try container.encode(motionToday, forKey: .motionToday)
    }
}
