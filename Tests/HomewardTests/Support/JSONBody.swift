import Foundation

/// Request bodies from Encodable values, keys sorted so a body is the same on every run.
enum JSONBody {
    /// The JSON bytes of `value`.
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try! encoder.encode(value))
    }

    /// The JSON text of `value`, for a table of bodies that also holds raw ones.
    static func text(_ value: some Encodable) -> String {
        String(decoding: encode(value), as: UTF8.self)
    }
}
