/// A field the API always sends, as a value or an explicit `null`: decoding fails when the key is
/// missing, so a test of `.null` checks that the field is there and empty.
enum Nullable<Wrapped: Decodable>: Decodable {
    case null
    case value(Wrapped)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }

    /// The value, or nil for `null`.
    var value: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// Whether the field was `null`.
    var isNull: Bool { value == nil }
}

extension Nullable: Equatable where Wrapped: Equatable {}
