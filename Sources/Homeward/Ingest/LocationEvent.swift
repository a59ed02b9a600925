import HomewardHTTP

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

    /// The event's JSON, as `JSONBytes.encode` would write it, made without `JSONEncoder`: ingest
    /// publishes one per stored batch.
    var jsonBytes: [UInt8] {
        var json = JSONBuilder(capacity: 256)
        json.beginObject()
        json.key("accountId")
        json.string(accountID)
        json.key("location")
        location.write(into: &json)
        json.endObject()
        return json.bytes
    }
}
