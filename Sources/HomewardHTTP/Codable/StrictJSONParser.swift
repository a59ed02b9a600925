/// Reads a body as RFC 8259 JSON and nothing more: no trailing commas, comments, single quotes,
/// leading zeros, bare control characters, invalid UTF-8 or lone surrogates; a repeated key in one
/// object is refused too, since which of the two a reader takes is undefined.
struct StrictJSONParser {
    /// Arrays and objects nested deeper than this are refused (no request of the API needs more,
    /// and the recursion must stay far from the thread's stack limit).
    static let maxNestingDepth = 64

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value `bytes` holds, which must be one JSON text with nothing but whitespace around it.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = StrictJSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("more data after the JSON value") }
        return value
    }

    private func error(_ problem: String) -> JSONSyntaxError {
        JSONSyntaxError(problem: problem, offset: position)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("the end of the body where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("an unexpected character where a value was expected")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard bytes.count - position >= text.count, zip(bytes[position...], text).allSatisfy({ $0 == $1 }) else {
            throw error("an unexpected word where a value was expected")
        }
        position += text.count
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maxNestingDepth else { throw error("nesting deeper than \(Self.maxNestingDepth) levels") }
        position += 1
        skipWhitespace()
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        var members: [(key: String, value: JSONValue)] = []
        var positions: [String: Int] = [:]
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(JSONObject(members: members, positions: positions))
        }
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw error(members.isEmpty ? "a member name that is not a string" : "a trailing comma")
            }
            let keyOffset = position
            let key = try parseString()
            guard positions[key] == nil else {
                throw JSONSyntaxError(problem: "the field `\(key)` given twice", offset: keyOffset)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("a missing colon after a member name") }
            position += 1
            skipWhitespace()
            positions[key] = members.count
            members.append((key, try parseValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                position += 1
                return .object(JSONObject(members: members, positions: positions))
            case nil: throw error("the end of the body inside an object")
            default: throw error("an unexpected character where a comma or } was expected")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            if current == UInt8(ascii: "]") { throw error("a trailing comma") }
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            case nil: throw error("the end of the body inside an array")
            default: throw error("an unexpected character where a comma or ] was expected")
            }
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, isDigit(first) else { throw error("a number without digits") }
        position += 1
        if first == UInt8(ascii: "0"), let next = current, isDigit(next) { throw error("a number with a leading zero") }
        skipDigits()
        if current == UInt8(ascii: ".") {
            position += 1
            guard let next = current, isDigit(next) else { throw error("a number without digits after its decimal point") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let next = current, isDigit(next) else { throw error("a number without digits in its exponent") }
            skipDigits()
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { position += 1 }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current else { throw error("the end of the body inside a string") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let string = String(validating: text, as: UTF8.self) else { throw error("a string that is not UTF-8") }
                return string
            case UInt8(ascii: "\\"):
                position += 1
                try parseEscape(into: &text)
            case 0..<0x20:
                throw error("a control character inside a string (escape it)")
            default:
                text.append(byte)
                position += 1
            }
        }
    }

    private mutating func parseEscape(into text: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("the end of the body inside a string") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("a lone surrogate in a \\u escape")
                }
                position += 2
                let low = try parseHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("a lone surrogate in a \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("an invalid \\u escape") }
            text.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw error("an invalid escape in a string")
        }
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw error("an incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("an invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
