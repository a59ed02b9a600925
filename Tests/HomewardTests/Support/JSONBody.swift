import Foundation

/// Request bodies from Encodable values, keys sorted so a body is the same on every run.
enum JSONBody {
    /// The JSON bytes of `value`.
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try! encoder.encode(value))
    }

    /// The JSON text of `value`.
    static func text(_ value: some Encodable) -> String {
        String(decoding: encode(value), as: UTF8.self)
    }

    /// A table of cases as JSON text: the `typed` bodies encoded, then the `raw` ones that only text
    /// can say (wrong types, unknown fields, texts over their limits), each with its tag (the field a
    /// refusal names).
    static func table<Value: Encodable, Tag>(_ typed: [(Value, Tag)], _ raw: [(String, Tag)]) -> [(body: String, tag: Tag)] {
        typed.map { (text($0.0), $0.1) } + raw
    }
}
