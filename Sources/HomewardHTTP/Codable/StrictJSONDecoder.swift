/// The `Decoder` of request bodies: decodes any `Decodable` from a parsed `JSONValue`, noting in
/// each object which keys the type asked for, so that whatever is left over is reported as an
/// unknown field without any code in the request types themselves.
struct StrictJSONDecoder: Decoder {
    /// The value being decoded.
    let value: JSONValue
    /// Where it is in the body.
    let codingPath: [any CodingKey]
    /// Nothing: request types need no context.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Reads the object as a keyed container, marking it as read.
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw DecodingError.typeMismatch(
                [String: Any].self, .init(codingPath: codingPath, debugDescription: "found \(value.kindDescription)"))
        }
        object.markRead()
        return KeyedDecodingContainer(StrictKeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    /// Reads the array element by element.
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: codingPath, debugDescription: "found \(value.kindDescription)"))
        }
        return StrictUnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    /// Reads the value as one scalar.
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        StrictSingleValueContainer(value: value, codingPath: codingPath)
    }

    /// The first key of the body, in document order, inside an object that a type read but that no
    /// type asked for: the unknown field. Its path, e.g. `profile.colour`.
    static func firstUnknownField(in value: JSONValue, at codingPath: [any CodingKey] = []) -> [any CodingKey]? {
        switch value {
        case .object(let object):
            for (key, member) in object.members {
                let path = codingPath + [JSONMemberKey(key)]
                if object.wasRead, !object.askedKeys.contains(key) { return path }
                if let unknown = firstUnknownField(in: member, at: path) { return unknown }
            }
            return nil
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let unknown = firstUnknownField(in: element, at: codingPath + [JSONIndexKey(index: index)]) {
                    return unknown
                }
            }
            return nil
        default:
            return nil
        }
    }
}
