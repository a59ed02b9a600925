import HomewardStore

/// A table's rows reduced to a count and an order-free digest, so that the same rows read from
/// SQLite and from PostgreSQL, in whatever order each gives them, agree exactly.
///
/// Each row is encoded canonically (a type tag and the value: integers as 8 bytes, reals by their
/// bit pattern, text and blobs with their length), hashed with SHA-256, and the digests are added as
/// four 64-bit words with wrap-around: the sum does not depend on the order of the rows.
public struct TableChecksum: Sendable, Equatable, CustomStringConvertible {
    /// How many rows were added.
    public private(set) var rows = 0
    private var words: [UInt64] = [0, 0, 0, 0]

    /// An empty checksum.
    public init() {}

    /// Adds one row, its values in the table's column order.
    public mutating func add(_ values: [DatabaseValue]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 10)
        func append(_ number: UInt64) {
            withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
        }
        for value in values {
            switch value {
            case .null:
                bytes.append(0)
            case .integer(let number):
                bytes.append(1)
                append(UInt64(bitPattern: number))
            case .real(let number):
                bytes.append(2)
                append(number.bitPattern)
            case .text(let text):
                bytes.append(3)
                append(UInt64(text.utf8.count))
                bytes.append(contentsOf: text.utf8)
            case .blob(let blob):
                bytes.append(4)
                append(UInt64(blob.count))
                bytes.append(contentsOf: blob)
            }
        }
        let digest = SecretDigest.sha256(bytes)
        for word in 0..<4 {
            let part = digest[(word * 8)..<(word * 8 + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            words[word] &+= part
        }
        rows += 1
    }

    /// The digest as 64 hex digits.
    public var hex: String {
        words.map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// "1234 rows, 0a1b…".
    public var description: String { "\(rows) rows, \(hex)" }
}
