/// Writes JSON straight into bytes, for the few payloads made per request or per row where
/// `JSONEncoder`'s generic machinery costs more than the work itself (ingest answers, location
/// events, history exports).
///
/// The output matches `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes` byte for byte
/// when the caller writes keys in sorted order: numbers as Swift prints them with a trailing `.0`
/// dropped, the same string escapes. `JSONBuilderTests` holds it to that.
///
/// Commas are placed automatically: `key(_:)` and every value write one when something came before
/// at the same level.
public struct JSONBuilder: Sendable {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8]
    private var needsComma = false

    /// An empty builder that reserves `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Opens an object (as a value).
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array (as a value).
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key; `name` must need no escaping (the API's keys are plain ASCII).
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// Writes a string value, escaped as `JSONEncoder` escapes it.
    public mutating func string(_ value: String) {
        separate()
        Self.appendQuoted(value, to: &bytes)
        needsComma = true
    }

    /// Writes an integer value.
    public mutating func number(_ value: Int) {
        separate()
        Self.appendInteger(Int64(value), to: &bytes)
        needsComma = true
    }

    /// Writes a floating-point value as `JSONEncoder` does (`1.5`, `2`, `1e-05`); `null` when it is
    /// not finite, which JSON cannot represent.
    public mutating func number(_ value: Double) {
        separate()
        Self.appendDouble(value, to: &bytes)
        needsComma = true
    }

    /// Writes the value, or `null` when it is nil.
    public mutating func number(_ value: Double?) {
        if let value { number(value) } else { null() }
    }

    /// Writes the value, or `null` when it is nil.
    public mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: Self.nullBytes)
        needsComma = true
    }

    /// Writes bytes that already are one JSON value (e.g. a payload encoded elsewhere).
    public mutating func rawValue(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    // MARK: - Formatting, shared with writers of other text formats

    /// Appends `value` in decimal.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `value` as Swift prints it, without a trailing `.0`; `null` when not finite.
    public static func appendDouble(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite else {
            bytes.append(contentsOf: nullBytes)
            return
        }
        if value == value.rounded(.towardZero), value.magnitude < 1e15 {
            if value == 0 && value.sign == .minus {
                bytes.append(contentsOf: [UInt8(ascii: "-"), UInt8(ascii: "0")])
            } else {
                appendInteger(Int64(value), to: &bytes)
            }
            return
        }
        var text = value.description
        text.withUTF8 { utf8 in
            var count = utf8.count
            if count >= 2, utf8[count - 2] == UInt8(ascii: "."), utf8[count - 1] == UInt8(ascii: "0") { count -= 2 }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<count]))
        }
    }

    /// Appends `value` in plain decimal notation (never an exponent) rounded to `fractionDigits`
    /// digits, without trailing zeros: `51.5012345`, `-0.12`, `20`. For stored measures of known
    /// precision (coordinates to 7 digits), valid both as a JSON number and as an XML `xsd:decimal`.
    /// Values too large for that many digits in 64 bits fall back to `appendDouble`.
    public static func appendDecimal(_ value: Double, fractionDigits: Int, to bytes: inout [UInt8]) {
        precondition((0...9).contains(fractionDigits), "fractionDigits must be 0 to 9")
        var scale: Int64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        guard value.isFinite, scaled.magnitude < 9e18 else {
            appendDouble(value, to: &bytes)
            return
        }
        let units = Int64(scaled)
        if units < 0 { bytes.append(UInt8(ascii: "-")) }
        appendInteger(Int64(units.magnitude / UInt64(scale)), to: &bytes)
        var fraction = units.magnitude % UInt64(scale)
        guard fraction != 0 else { return }
        var digits = fractionDigits
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        bytes.append(UInt8(ascii: "."))
        var divisor: UInt64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends `value` as a quoted JSON string.
    public static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    bytes.append(hexDigits[Int(byte >> 4)])
                    bytes.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let nullBytes = Array("null".utf8)
    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
}
