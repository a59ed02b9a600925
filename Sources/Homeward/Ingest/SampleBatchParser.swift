/// Powers of ten that `Double` holds exactly, for `SampleBatchParser.shortDecimal`.
private let exactPowersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

/// A strict single-pass reader for the common shape of an ingest body, `{"samples": [{...}, ...]}`,
/// whose samples hold only the sample type's own keys with numbers, escape-free ASCII strings or `null`.
///
/// It yields the same samples as Foundation's `JSONDecoder` through `SampleFields`, about ten times
/// faster. Whatever it does not cover (invalid JSON, escapes, non-ASCII text, unknown or repeated keys,
/// booleans, nested values, a sample that is not an object, a number outside `Double`) makes it return
/// nil, and the caller decodes the body with `JSONDecoder`, whose answers and error paths are the
/// reference: so both ways agree on every body (the ingest fuzz target checks it).
struct SampleBatchParser<Sample: IngestSample> {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// Longest JSON number, in bytes, the reader converts itself (longer ones go to `JSONDecoder`).
    private static var maxNumberBytes: Int { 40 }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The samples of `body`, or nil when the body is outside the shape this reader covers.
    static func samples(in body: [UInt8]) -> [DecodedSample<Sample>]? {
        body.withUnsafeBufferPointer { bytes in
            var parser = SampleBatchParser(bytes: bytes)
            return parser.parseBody()
        }
    }

    private mutating func parseBody() -> [DecodedSample<Sample>]? {
        guard consume(UInt8(ascii: "{")), let key = consumeKey(), key.elementsEqual("samples".utf8), consume(UInt8(ascii: ":")),
              consume(UInt8(ascii: "["))
        else { return nil }
        var samples: [DecodedSample<Sample>] = []
        if !consume(UInt8(ascii: "]")) {
            repeat {
                guard let values = parseSampleObject() else { return nil }
                samples.append(DecodedSample(fields: SampleFields(names: Sample.fieldNames, values: values)))
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "]")) else { return nil }
        }
        guard consume(UInt8(ascii: "}")) else { return nil }
        skipWhitespace()
        return index == bytes.count ? samples : nil
    }

    /// One sample object: the value of each of `Sample.fieldNames`, in that order.
    private mutating func parseSampleObject() -> [SampleValue]? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        let names = Sample.fieldNameBytes
        var values = [SampleValue](repeating: .absent, count: names.count)
        var seen = [Bool](repeating: false, count: names.count)
        if consume(UInt8(ascii: "}")) { return values }
        var expected = 0
        repeat {
            guard let key = consumeKey(), let position = Self.position(of: key, in: names, tryingFirst: expected),
                  !seen[position], consume(UInt8(ascii: ":")), let value = parseValue()
            else { return nil }
            seen[position] = true
            values[position] = value
            expected = position + 1
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}")) ? values : nil
    }

    /// The index of `key` in `names`, trying `expected` first: phones write their keys in one order,
    /// usually the API's.
    private static func position(of key: Slice<UnsafeBufferPointer<UInt8>>, in names: [[UInt8]], tryingFirst expected: Int) -> Int? {
        let key = UnsafeBufferPointer(rebasing: key)
        func matches(_ index: Int) -> Bool {
            names[index].count == key.count && names[index].withUnsafeBufferPointer { $0.elementsEqual(key) }
        }
        if expected < names.count, matches(expected) { return expected }
        return names.indices.first(where: matches)
    }

    private mutating func parseValue() -> SampleValue? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return plainString().map { .string(String(decoding: $0, as: UTF8.self)) }
        case UInt8(ascii: "n"):
            guard bytes.count - index >= 4, bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
                  bytes[index + 3] == UInt8(ascii: "l")
            else { return nil }
            index += 4
            return .absent
        default:
            return number().map { .number($0) }
        }
    }

    /// A JSON number (RFC 8259 §6 grammar) without exponent, converted with correct rounding; nil
    /// for anything else. A number with an exponent is JSONDecoder's to read (the whole batch falls
    /// back): phones do not write them, and JSONDecoder has its own answers for them (`1e-400` and
    /// `0E5` are not numbers to it), which the fast reader must never contradict.
    private mutating func number() -> Double? {
        let start = index
        _ = consumeByte(UInt8(ascii: "-"))
        if !consumeByte(UInt8(ascii: "0")) {
            guard consumeDigits() else { return nil }
        }
        if consumeByte(UInt8(ascii: ".")) {
            guard consumeDigits() else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") { return nil }
        guard index - start <= Self.maxNumberBytes else { return nil }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if let value = Self.shortDecimal(text) { return value }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// A number without exponent and with at most 15 digits (every coordinate, time and measure a
    /// phone sends), converted without `strtod`: its digits as an integer are exact in a `Double`, and
    /// so is the power of ten it is divided by, and one IEEE division of exact operands is correctly
    /// rounded, so the result is the one `strtod` gives (Clinger's fast path). Nil for anything else.
    private static func shortDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var digits: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var isFraction = false
        var isNegative = false
        for (offset, byte) in text.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Stop before the digits could overflow: more than 15 are strtod's to convert.
                digitCount += 1
                guard digitCount <= 15 else { return nil }
                digits = digits * 10 + UInt64(byte - UInt8(ascii: "0"))
                if isFraction { fractionDigits += 1 }
            case UInt8(ascii: "."):
                isFraction = true
            case UInt8(ascii: "-") where offset == 0:
                isNegative = true
            default:
                return nil
            }
        }
        let magnitude = Double(digits) / exactPowersOfTen[fractionDigits]
        return isNegative ? -magnitude : magnitude
    }

    /// Consumes one or more decimal digits (a leading zero was consumed already, if any).
    private mutating func consumeDigits() -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index > start
    }

    /// An object key, after whitespace.
    private mutating func consumeKey() -> Slice<UnsafeBufferPointer<UInt8>>? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        return plainString()
    }

    /// The bytes of a string at `index` holding only printable ASCII without escapes; nil otherwise.
    private mutating func plainString() -> Slice<UnsafeBufferPointer<UInt8>>? {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return bytes[start..<(index - 1)]
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// Skips whitespace, then consumes `byte` if it comes next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        return consumeByte(byte)
    }

    private mutating func consumeByte(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}
