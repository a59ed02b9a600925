import Foundation
import HomewardHTTP
import XCTest

/// `JSONBuilder` must write what `JSONEncoder` (sorted keys, slashes unescaped) writes, byte for byte.
final class JSONBuilderTests: XCTestCase {
    private struct Sample: Encodable {
        var a: Double?
        var b: Int
        var c: String
        var d: [Double]
        var e: Bool
    }

    private func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func built(_ sample: Sample) -> String {
        var json = JSONBuilder()
        json.beginObject()
        json.key("a")
        json.number(sample.a)
        json.key("b")
        json.number(sample.b)
        json.key("c")
        json.string(sample.c)
        json.key("d")
        json.beginArray()
        for value in sample.d { json.number(value) }
        json.endArray()
        json.key("e")
        json.bool(sample.e)
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    func testDoublesMatchJSONEncoder() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 1, -1, 0.1, 1.5, 51.5012345, -0.1278, 1e-5, 1e-7, 123_456_789.125, 1e15, 1e16, 9_007_199_254_740_992,
            1e21, 1e22, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 100, 360, 0.000_1, 12.3e-10,
        ]
        for _ in 0..<2000 {
            values.append(Double.random(in: -180...180, using: &generator))
            values.append((Double.random(in: -90...90, using: &generator) * 1e7).rounded() / 1e7)
            values.append(Double(bitPattern: generator.next()))
        }
        for value in values where value.isFinite {
            let sample = Sample(a: value, b: 0, c: "", d: [value, -value], e: true)
            XCTAssertEqual(built(sample), try encoded(sample), "\(value)")
        }
    }

    func testIntegersMatchJSONEncoder() throws {
        for value in [0, 1, -1, 9, 10, 99, 1_000, Int.max, Int.min, Int.min + 1, 1_711_000_000_000, -42] {
            let sample = Sample(a: 0.5, b: value, c: "x", d: [], e: false)
            XCTAssertEqual(built(sample), try encoded(sample), "\(value)")
        }
    }

    func testStringsMatchJSONEncoder() throws {
        var strings = [
            "", "plain", "quote \" and backslash \\", "slash / stays", "line\nfeed\r\ttab\u{8}\u{c}", "\u{0}\u{1f}\u{7f}",
            "Zoë 🧭 中文", "\u{2028}\u{2029}", "</script>",
        ]
        for code in 0..<0x80 { strings.append("<\(Character(Unicode.Scalar(UInt8(code))))>") }
        for text in strings {
            let sample = Sample(a: 2.5, b: 1, c: text, d: [1, 2], e: true)
            XCTAssertEqual(built(sample), try encoded(sample), text.debugDescription)
        }
    }

    func testNestedValuesGetCommasOnlyBetweenSiblings() {
        var json = JSONBuilder()
        json.beginArray()
        json.beginObject()
        json.key("x")
        json.beginArray()
        json.endArray()
        json.key("y")
        json.beginObject()
        json.endObject()
        json.endObject()
        json.null()
        json.rawValue(Array(#"{"z":1}"#.utf8))
        json.string(nil as String?)
        json.endArray()
        XCTAssertEqual(String(decoding: json.bytes, as: UTF8.self), #"[{"x":[],"y":{}},null,{"z":1},null]"#)
    }

    func testNonFiniteNumbersBecomeNull() {
        var json = JSONBuilder()
        json.beginArray()
        json.number(Double.nan)
        json.number(Double.infinity)
        json.endArray()
        XCTAssertEqual(String(decoding: json.bytes, as: UTF8.self), "[null,null]")
    }

    func testDecimalsAreFixedPointRoundedAndTrimmed() {
        func decimal(_ value: Double, _ digits: Int) -> String {
            var bytes: [UInt8] = []
            JSONBuilder.appendDecimal(value, fractionDigits: digits, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        XCTAssertEqual(decimal(51.5012345, 7), "51.5012345")
        XCTAssertEqual(decimal(-0.12, 7), "-0.12")
        XCTAssertEqual(decimal(0.00001, 7), "0.00001")
        XCTAssertEqual(decimal(20, 1), "20")
        XCTAssertEqual(decimal(-180, 7), "-180")
        XCTAssertEqual(decimal(-0.00000004, 7), "0")
        XCTAssertEqual(decimal(-0.00000005, 7), "-0.0000001")
        XCTAssertEqual(decimal(12.34, 1), "12.3")
        XCTAssertEqual(decimal(1e300, 7), "1e+300")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let stored = Int64.random(in: -1_800_000_000...1_800_000_000, using: &generator)
            let value = Double(stored) / 1e7
            let text = decimal(value, 7)
            XCTAssertFalse(text.contains("e"), text)
            XCTAssertEqual(Double(text), value, text)
        }
    }
}
