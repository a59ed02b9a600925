import HomewardHTTP

/// The answer to a batch of samples: how many were stored, how many the account already had, and
/// which were refused.
public struct IngestResult: Sendable, Equatable, Codable {
    /// Samples stored now.
    public var accepted: Int
    /// Samples the account already had (resends), not stored twice.
    public var duplicates: Int
    /// Samples refused, with the reason.
    public var rejected: [SampleRejection]

    /// The answer's JSON, as `JSONEncoder` with sorted keys writes it, without its generic machinery
    /// (every ingest request answers one).
    public var json: JSONBuilder {
        var json = JSONBuilder(capacity: 64 + rejected.count * 96)
        json.beginObject()
        json.key("accepted")
        json.number(accepted)
        json.key("duplicates")
        json.number(duplicates)
        json.key("rejected")
        json.beginArray()
        for rejection in rejected {
            json.beginObject()
            json.key("code")
            json.string(rejection.code)
            if let field = rejection.field {
                json.key("field")
                json.string(field)
            }
            json.key("index")
            json.number(rejection.index)
            json.key("message")
            json.string(rejection.message)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json
    }

    /// Creates a result.
    public init(accepted: Int = 0, duplicates: Int = 0, rejected: [SampleRejection] = []) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.rejected = rejected
    }
}
