/// Splits comma-separated field values (`#rule` lists of RFC 9110 section 5.6.1).
enum ListValue {
    /// The elements, trimmed and lower-cased, with empty elements dropped.
    static func elements(_ value: UnsafeRawBufferPointer) -> [String] {
        rawElements(value).compactMap { element in
            element.isEmpty ? nil : String(decoding: element.map(ByteClass.lowercased), as: UTF8.self)
        }
    }

    /// The elements as byte slices, trimmed, keeping empty ones (so `1,,1` can be rejected).
    static func rawElements(_ value: UnsafeRawBufferPointer) -> [UnsafeRawBufferPointer] {
        var elements: [UnsafeRawBufferPointer] = []
        var start = 0
        for index in 0...value.count where index == value.count || value[index] == UInt8(ascii: ",") {
            var lower = start
            var upper = index
            while lower < upper && ByteClass.isWhitespace(value[lower]) { lower += 1 }
            while upper > lower && ByteClass.isWhitespace(value[upper - 1]) { upper -= 1 }
            elements.append(UnsafeRawBufferPointer(rebasing: value[lower..<upper]))
            start = index + 1
        }
        return elements
    }
}
