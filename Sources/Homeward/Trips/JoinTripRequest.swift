/// The body of POST /v1/trips/join: the traveller's phone and the trip's access code.
public struct JoinTripRequest: Sendable, Decodable {
    /// The traveller's phone number, in any form `PhoneNumber` accepts.
    public var phone: String
    /// The access code the traveller shared.
    public var accessCode: String
}
