/// The payload of a `location` event: an account's new latest position.
struct LocationEvent: Encodable {
    /// The opaque id of the account that moved.
    var accountID: String
    /// Its new position.
    var location: LocationResource

    private enum CodingKeys: String, CodingKey {
        case accountID = "accountId"
        case location
    }
}
