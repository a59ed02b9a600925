/// The body of POST /v1/alerts: `{type: "sos", message?, location?}`.
public struct SOSRequest: Sendable, Decodable {
    /// Must be `sos`: the only alert a person raises by hand.
    public var type: String
    /// What the person wants to say.
    public var message: String?
    /// Where the person is.
    public var location: AlertResource.Location?
}
