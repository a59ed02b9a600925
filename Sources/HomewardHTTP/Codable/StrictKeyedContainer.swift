/// An object read by key; every key a type looks at is noted in the object (see `JSONObject`).
struct StrictKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object.value(for: key.stringValue) != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = object.value(for: key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return value
    }

    private func decoder(for key: Key) throws -> StrictJSONDecoder {
        StrictJSONDecoder(value: try member(key), codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try member(key) { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: decoder(for: key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try Bool(from: decoder(for: key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try String(from: decoder(for: key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try Double(from: decoder(for: key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try Float(from: decoder(for: key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try Int(from: decoder(for: key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try Int8(from: decoder(for: key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try Int16(from: decoder(for: key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try Int32(from: decoder(for: key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try Int64(from: decoder(for: key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try UInt(from: decoder(for: key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try UInt8(from: decoder(for: key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try UInt16(from: decoder(for: key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try UInt32(from: decoder(for: key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try UInt64(from: decoder(for: key)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        StrictJSONDecoder(value: .object(object), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }
}
