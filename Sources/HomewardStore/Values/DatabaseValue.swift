/// One SQLite value as stored: NULL, a 64-bit integer, a double, UTF-8 text or a blob.
public enum DatabaseValue: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// An INTEGER value.
    case integer(Int64)
    /// A REAL value.
    case real(Double)
    /// A TEXT value.
    case text(String)
    /// A BLOB value.
    case blob([UInt8])

    /// Whether the value is SQL NULL.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
