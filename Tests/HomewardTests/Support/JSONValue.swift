/// A JSON document as a typed tree, for tests about the wire's shape rather than a resource: which
/// keys are there, which are null, what an outside program (a receiver, a client app) was sent.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The member `key` of an object; nil when this is no object or has no such key.
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a string.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a number.
    var number: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The value of a number that is a whole number.
    var int: Int? {
        number.flatMap { Int(exactly: $0) }
    }

    /// The value of `true` or `false`.
    var bool: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The elements of an array.
    var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members of an object.
    var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
