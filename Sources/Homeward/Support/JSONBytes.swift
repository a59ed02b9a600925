import Foundation

/// Encodes values as the API renders them (sorted keys, unescaped slashes), for payloads that are
/// stored or streamed rather than returned (events, webhook bodies).
public enum JSONBytes {
    /// The JSON encoding of `value`.
    public static func encode(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }
}
