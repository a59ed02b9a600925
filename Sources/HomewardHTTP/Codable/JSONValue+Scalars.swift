extension JSONValue {
    /// The value as `type`: a type mismatch when it is of another kind, `valueNotFound` for null.
    private func mismatch(_ type: Any.Type, at codingPath: [any CodingKey]) -> DecodingError {
        if case .null = self {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "null"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "found \(kindDescription)"))
    }

    /// The boolean this value is.
    func bool(at codingPath: [any CodingKey]) throws -> Bool {
        guard case .bool(let value) = self else { throw mismatch(Bool.self, at: codingPath) }
        return value
    }

    /// The string this value is.
    func string(at codingPath: [any CodingKey]) throws -> String {
        guard case .string(let value) = self else { throw mismatch(String.self, at: codingPath) }
        return value
    }

    /// The number this value is, as `type`; a number beyond the type's range is a field error
    /// (not infinity: `1e309` is refused, not read as an endless distance).
    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type, at codingPath: [any CodingKey]) throws -> T {
        guard case .number(let text) = self else { throw mismatch(type, at: codingPath) }
        guard let value = T(text), value.isFinite else {
            throw JSONFieldError(codingPath: codingPath, problem: "is out of range: \(text) is too large a number")
        }
        return value
    }

    /// The number this value is, as the integer `type`: `600.0` and `6e2` are 600, `600.5` is no
    /// whole number, and a number outside the type's bounds is out of range.
    func integer<T: FixedWidthInteger>(_ type: T.Type, at codingPath: [any CodingKey]) throws -> T {
        guard case .number(let text) = self else { throw mismatch(type, at: codingPath) }
        if let value = T(text) { return value }
        let isPlainInteger = !text.contains { $0 == "." || $0 == "e" || $0 == "E" }
        if !isPlainInteger, let double = Double(text), double.isFinite, double.rounded(.towardZero) != double {
            throw JSONFieldError(codingPath: codingPath, problem: "must be a whole number")
        }
        if !isPlainInteger, let double = Double(text), let value = T(exactly: double) { return value }
        throw JSONFieldError(codingPath: codingPath, problem: "is out of range: it must be from \(T.min) to \(T.max)")
    }
}
