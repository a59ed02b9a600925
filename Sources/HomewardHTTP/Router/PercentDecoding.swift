/// Percent-decoding of path segments and query components (RFC 3986).
enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as space when `plusIsSpace`); nil on a malformed escape or
    /// bytes that are not UTF-8.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        let utf8 = text.utf8
        if !utf8.contains(UInt8(ascii: "%")) && !(plusIsSpace && utf8.contains(UInt8(ascii: "+"))) {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(ByteClass.hexValue),
                      let low = iterator.next().flatMap(ByteClass.hexValue) else { return nil }
                bytes.append(UInt8(high << 4 | low))
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
