// The Swift types a column maps to. Conversions are strict: text never silently becomes a number,
// so a schema mistake surfaces as a DatabaseError instead of a zero.

extension DatabaseValue: DatabaseValueConvertible {
    /// The value itself.
    public var databaseValue: DatabaseValue { self }

    /// Any stored value.
    public init?(databaseValue: DatabaseValue) { self = databaseValue }
}

extension Int64: DatabaseValueConvertible {
    /// The value as an INTEGER.
    public var databaseValue: DatabaseValue { .integer(self) }

    /// Reads an INTEGER.
    public init?(databaseValue: DatabaseValue) {
        guard case .integer(let value) = databaseValue else { return nil }
        self = value
    }
}

extension Int: DatabaseValueConvertible {
    /// The value as an INTEGER.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// Reads an INTEGER that fits in Int.
    public init?(databaseValue: DatabaseValue) {
        guard case .integer(let value) = databaseValue, let exact = Int(exactly: value) else { return nil }
        self = exact
    }
}

extension Double: DatabaseValueConvertible {
    /// The value as a REAL.
    public var databaseValue: DatabaseValue { .real(self) }

    /// Reads a REAL, or an INTEGER (SQLite stores integral REAL values of STRICT tables as REAL, but
    /// expressions such as `SUM` over integers return INTEGER).
    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Bool: DatabaseValueConvertible {
    /// The value as INTEGER 1 or 0.
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }

    /// Reads an INTEGER: zero is false, anything else true.
    public init?(databaseValue: DatabaseValue) {
        guard case .integer(let value) = databaseValue else { return nil }
        self = value != 0
    }
}

extension String: DatabaseValueConvertible {
    /// The value as TEXT.
    public var databaseValue: DatabaseValue { .text(self) }

    /// Reads TEXT.
    public init?(databaseValue: DatabaseValue) {
        guard case .text(let value) = databaseValue else { return nil }
        self = value
    }
}

extension Array: DatabaseValueConvertible where Element == UInt8 {
    /// The bytes as a BLOB.
    public var databaseValue: DatabaseValue { .blob(self) }

    /// Reads a BLOB.
    public init?(databaseValue: DatabaseValue) {
        guard case .blob(let value) = databaseValue else { return nil }
        self = value
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// The wrapped value, or NULL.
    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }

    /// Reads NULL as nil, anything else as the wrapped type.
    public init?(databaseValue: DatabaseValue) {
        if databaseValue.isNull {
            self = .none
            return
        }
        guard let value = Wrapped(databaseValue: databaseValue) else { return nil }
        self = .some(value)
    }
}
