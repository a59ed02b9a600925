import CLibPQ
import HomewardStore

/// One row of a PostgreSQL result, handed to a mapping closure inside a `Row`, read with the same
/// values and conversions as an SQLite row (`DatabaseValue`, `DatabaseValueConvertible`).
///
/// It reads straight from libpq's result, which lives only as long as the call that made it, so it
/// is only valid inside the closure that received it.
public struct PostgresRow: RowSource {
    let result: OpaquePointer
    let index: Int32
    /// The SQL the row comes from.
    public let sql: String

    /// How many columns the row has.
    public var columnCount: Int { Int(PQnfields(result)) }

    /// The name of the column at `index` (from 0).
    public func columnName(at column: Int) -> String {
        PQfname(result, Int32(column)).map { String(cString: $0) } ?? ""
    }

    /// The value at column `column` (from 0), converted from PostgreSQL's text form by the column's
    /// type: booleans and integers as `.integer`, floating and numeric as `.real` (an integral
    /// `numeric`, such as `SUM` over integers, as `.integer`), `bytea` as `.blob`, the rest as `.text`.
    public func databaseValue(at column: Int) throws(PostgresError) -> DatabaseValue {
        let field = Int32(column)
        guard field >= 0, field < PQnfields(result) else {
            throw PostgresError(sqlState: "42703", message: "column index \(column) out of range 0..<\(columnCount)", sql: sql)
        }
        if PQgetisnull(result, index, field) == 1 { return .null }
        let length = Int(PQgetlength(result, index, field))
        let bytes = UnsafeBufferPointer(start: PQgetvalue(result, index, field).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }, count: length)
        let text = String(decoding: bytes, as: UTF8.self)
        let converted: DatabaseValue? = switch PostgresType(rawValue: PQftype(result, field)) {
        case .bool: .integer(text == "t" ? 1 : 0)
        case .int2, .int4, .int8, .oid: Int64(text).map(DatabaseValue.integer)
        case .float4, .float8: Double(text).map(DatabaseValue.real)
        case .numeric: Int64(text).map(DatabaseValue.integer) ?? Double(text).map(DatabaseValue.real)
        case .bytea: PostgresBytea.decode(bytes).map(DatabaseValue.blob)
        case nil: .text(text)
        }
        guard let converted else {
            throw PostgresError(sqlState: "22P02", message: "column \(columnName(at: column)) holds \(text), not its type", sql: sql)
        }
        return converted
    }

    /// The index of the column called `name` (as libpq folds an unquoted name: case-insensitive).
    public func columnIndex(named name: String) -> Int? {
        let column = name.withCString { PQfnumber(result, $0) }
        return column >= 0 ? Int(column) : nil
    }
}

/// The built-in types whose text form a row converts (OIDs from the catalogue, fixed since 7.x).
enum PostgresType: UInt32 {
    case bool = 16
    case bytea = 17
    case int8 = 20
    case int2 = 21
    case int4 = 23
    case oid = 26
    case float4 = 700
    case float8 = 701
    case numeric = 1700
}

/// `bytea` in its hex text form (`\x0a1b`), the form of a parameter and of a text-format result.
enum PostgresBytea {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` as `\x` followed by two lowercase hex digits per byte.
    static func encode(_ bytes: [UInt8]) -> String {
        var text = [UInt8](repeating: 0, count: 2 + bytes.count * 2)
        text[0] = UInt8(ascii: "\\")
        text[1] = UInt8(ascii: "x")
        for (offset, byte) in bytes.enumerated() {
            text[2 + offset * 2] = digits[Int(byte >> 4)]
            text[3 + offset * 2] = digits[Int(byte & 0x0F)]
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of a hex-form `bytea`; nil for anything else.
    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard text.count >= 2, text.count % 2 == 0, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") else { return nil }
        func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2 - 1)
        var offset = 2
        while offset < text.count {
            guard let high = nibble(text[offset]), let low = nibble(text[offset + 1]) else { return nil }
            bytes.append(high << 4 | low)
            offset += 2
        }
        return bytes
    }
}
