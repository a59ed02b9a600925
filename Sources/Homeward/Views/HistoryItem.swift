/// A fix of a JSON history page: the location fields, plus `flags` when flagged fixes were asked for.
struct HistoryItem: Encodable {
    var location: LocationResource
    var flags: [String]?

    private enum CodingKeys: String, CodingKey {
        case flags
    }

    func encode(to encoder: any Encoder) throws {
        try location.encode(to: encoder)
        if let flags {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(flags, forKey: .flags)
        }
    }
}
