import XCTest
@testable import HomewardHTTP

/// RFC 8259 and nothing more, numbers that must fit their fields, and unknown fields found by what
/// the types asked for.
final class StrictJSONTests: XCTestCase {
    private struct Window: Decodable, Equatable {
        var ttlSeconds: Int?
        var lat: Double?
        var inner: Inner?
        var items: [Inner]?
    }

    private struct Inner: Decodable, Equatable {
        var name: String
    }

    private func problem(_ json: String) -> String? {
        do {
            _ = try StrictJSONParser.parse(Array(json.utf8))
            return nil
        } catch {
            return error.problem
        }
    }

    private func decodeError(_ json: String) -> HTTPError? {
        do {
            _ = try JSONCoding.decode(Window.self, from: Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    func testValidDocumentsParse() throws {
        for json in [#"{}"#, #"[]"#, #" {"a": [1, -0.5e+3, true, false, null, "x\u00e9\ud83d\ude00\n"]} "#, "0", #""""#] {
            XCTAssertNil(problem(json), json)
        }
        guard case .object(let object) = try StrictJSONParser.parse(Array(#"{"a":"\u00e9\ud83d\ude00"}"#.utf8)),
              case .string(let text) = object.members[0].value else { return XCTFail("not an object of a string") }
        XCTAssertEqual(text, "é😀")
    }

    func testWhatRFC8259DoesNotAllowIsRefusedWithItsReason() {
        XCTAssertEqual(problem(#"{"ttlSeconds":600,}"#), "a trailing comma")
        XCTAssertEqual(problem(#"[1,2,]"#), "a trailing comma")
        XCTAssertEqual(problem(#"{"a":01}"#), "a number with a leading zero")
        XCTAssertEqual(problem(#"{"a":.5}"#), "an unexpected character where a value was expected")
        XCTAssertEqual(problem(#"{"a":1.}"#), "a number without digits after its decimal point")
        XCTAssertEqual(problem("{\"a\":\"tab\there\"}"), "a control character inside a string (escape it)")
        XCTAssertEqual(problem(#"{"a":"\ud800"}"#), #"a lone surrogate in a \u escape"#)
        XCTAssertEqual(problem(#"{'a':1}"#), "a member name that is not a string")
        XCTAssertEqual(problem(#"{"a":1} x"#), "more data after the JSON value")
        XCTAssertEqual(problem(#"{"a":1,"a":2}"#), "the field `a` given twice")
        XCTAssertEqual(problem(#"{"a":tru}"#), "an unexpected word where a value was expected")
        XCTAssertEqual(problem(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)), "nesting deeper than 64 levels")
    }

    func testInvalidUTF8IsRefused() {
        XCTAssertThrowsError(try StrictJSONParser.parse([0x22, 0xC3, 0x28, 0x22])) { error in
            XCTAssertEqual((error as? JSONSyntaxError)?.problem, "a string that is not UTF-8")
        }
    }

    func testATrailingCommaIsA400ThatSaysSo() {
        let error = decodeError(#"{"ttlSeconds":600,}"#)
        XCTAssertEqual(error?.status, .badRequest)
        XCTAssertEqual(error?.message, "The body is not valid JSON: a trailing comma at byte 18.")
    }

    func testNumbersThatDoNotFitTheirFieldNameTheField() {
        XCTAssertEqual(decodeError(#"{"ttlSeconds":600.5}"#)?.field, "ttlSeconds")
        XCTAssertEqual(decodeError(#"{"ttlSeconds":600.5}"#)?.message, "`ttlSeconds` must be a whole number.")
        let huge = decodeError(#"{"ttlSeconds":99999999999999999999}"#)
        XCTAssertEqual(huge?.field, "ttlSeconds")
        XCTAssertEqual(huge?.message, "`ttlSeconds` is out of range: it must be from \(Int.min) to \(Int.max).")
        let infinite = decodeError(#"{"lat":1e309}"#)
        XCTAssertEqual(infinite?.field, "lat")
        XCTAssertEqual(infinite?.message, "`lat` is out of range: 1e309 is too large a number.")
        XCTAssertEqual(decodeError(#"{"ttlSeconds":1e400}"#)?.field, "ttlSeconds")
    }

    func testWholeNumbersWrittenWithAFractionOrExponentFit() throws {
        XCTAssertEqual(try JSONCoding.decode(Window.self, from: Array(#"{"ttlSeconds":6e2}"#.utf8)).ttlSeconds, 600)
        XCTAssertEqual(try JSONCoding.decode(Window.self, from: Array(#"{"ttlSeconds":600.0}"#.utf8)).ttlSeconds, 600)
        XCTAssertEqual(try JSONCoding.decode(Window.self, from: Array(#"{"lat":-33.5e-1}"#.utf8)).lat, -3.35)
    }

    func testAnUnknownFieldIsA400NamingItsPath() {
        let top = decodeError(#"{"ttl":600}"#)
        XCTAssertEqual(top?.status, .badRequest)
        XCTAssertEqual(top?.field, "ttl")
        XCTAssertEqual(top?.message, "`ttl` is not a field of this request.")
        XCTAssertEqual(decodeError(#"{"inner":{"name":"a","colour":"red"}}"#)?.field, "inner.colour")
        XCTAssertEqual(decodeError(#"{"items":[{"name":"a"},{"name":"b","x":null}]}"#)?.field, "items[1].x")
        XCTAssertNil(decodeError(#"{"ttlSeconds":null,"inner":{"name":"a"},"items":[]}"#))
    }

    func testWrongTypesAndMissingKeysKeepTheirMessages() {
        XCTAssertEqual(decodeError(#"{"ttlSeconds":"600"}"#)?.message, "`ttlSeconds` has the wrong type.")
        XCTAssertEqual(decodeError(#"{"inner":{}}"#)?.message, "`inner.name` is required.")
        XCTAssertEqual(decodeError(#"{"inner":{"name":null}}"#)?.message, "`inner.name` must not be null.")
        XCTAssertEqual(decodeError("")?.message, "A JSON body is required.")
    }
}
