/// Refuses the keys of a JSON object that a request type does not know, naming the first one, so a
/// field a client sends is kept or refused by name and never silently dropped.
public enum UnknownFields {
    /// The description of the decoding error `refuse` throws; `JSONCoding` turns it into a 400 that
    /// names the field.
    static let marker = "not a field of this request"

    /// Throws a decoding error at the first key of the object `decoder` reads that is not in `known`
    /// (in key order, so the answer is the same every time).
    public static func refuse(in decoder: any Decoder, known: Set<String>) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        guard let unknown = container.allKeys.map(\.stringValue).filter({ !known.contains($0) }).sorted().first else { return }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath + [AnyKey(stringValue: unknown)], debugDescription: marker))
    }

    /// Any string key.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
