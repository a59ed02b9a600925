/// One value read as a scalar (or handed on to a nested type).
struct StrictSingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try value.bool(at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try value.string(at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try value.floatingPoint(type, at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try value.floatingPoint(type, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try value.integer(type, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try value.integer(type, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try value.integer(type, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try value.integer(type, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value.integer(type, at: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: StrictJSONDecoder(value: value, codingPath: codingPath))
    }
}
