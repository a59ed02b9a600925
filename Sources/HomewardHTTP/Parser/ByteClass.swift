/// Character classes of RFC 9110/9112, as lookups on bytes.
enum ByteClass {
    /// `tchar`: the characters of a token (method, header name, transfer coding).
    static let isTokenTable: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Whether `byte` is a `tchar`.
    @inline(__always)
    static func isToken(_ byte: UInt8) -> Bool { isTokenTable[Int(byte)] }

    /// Whether `byte` may appear in a field value (VCHAR, obs-text, SP, HTAB).
    @inline(__always)
    static func isFieldValue(_ byte: UInt8) -> Bool {
        byte >= 0x20 ? byte != 0x7F : byte == 0x09
    }

    /// Whether `byte` may appear in a request-target (visible ASCII, no `#`).
    @inline(__always)
    static func isTarget(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#")
    }

    /// Whether `byte` is optional whitespace (SP or HTAB).
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    /// ASCII lower-casing.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// The value of a hexadecimal digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Whether the bytes equal `lowercaseName` ignoring ASCII case.
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercaseName: StaticString) -> Bool {
        guard bytes.count == lowercaseName.utf8CodeUnitCount else { return false }
        let name = lowercaseName.utf8Start
        for index in 0..<bytes.count where lowercased(bytes[index]) != name[index] {
            return false
        }
        return true
    }

    /// Whether the bytes begin with `lowercasePrefix`, ignoring ASCII case.
    static func equalsPrefix(_ bytes: UnsafeRawBufferPointer, _ lowercasePrefix: StaticString) -> Bool {
        let count = lowercasePrefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        return equalsIgnoringCase(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), lowercasePrefix)
    }
}
