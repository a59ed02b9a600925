import XCTest
import HomewardHTTP
@testable import Homeward

/// The one cursor and the one reader of `from`, `to`, `since`, `limit` and `cursor` that every list
/// shares: what they accept, and the JSON 400 naming the parameter for what they do not.
final class ListParametersTests: XCTestCase {
    private func query(_ text: String) throws(HTTPError) -> QueryParameters {
        try QueryParameters(parsing: text)
    }

    private func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    /// The body a refusal is sent with, as the client reads it.
    private func errorBody(_ error: HTTPError) throws -> (status: Int, code: String?, field: String?) {
        let response = error.response
        let body = try JSONDecoder().decode(API.ErrorEnvelope.self, from: Data(try XCTUnwrap(response.bodyBytes))).error
        return (Int(response.status.code), body.code, body.field)
    }

    private func assertRefused(
        _ parse: () throws(HTTPError) -> Void, naming field: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        do {
            try parse()
            XCTFail("accepted; expected a 400 naming \(field)", file: file, line: line)
        } catch {
            let body = try errorBody(error)
            XCTAssertEqual(body.status, 400, file: file, line: line)
            XCTAssertEqual(body.code, "invalid_request", file: file, line: line)
            XCTAssertEqual(body.field, field, file: file, line: line)
        }
    }

    func testCursorReadsBackWhatItWrites() throws {
        for (time, key) in [(Int64(1_795_307_699_000), Int64(42)), (0, 0), (-1_000, -337_800_568), (253_402_300_799_999, 999_999_999_999_999_999)] {
            let cursor = ListCursor(timeMilliseconds: time, key: key)
            XCTAssertEqual(try ListCursor(parsing: cursor.text), cursor)
        }
        XCTAssertEqual(ListCursor(timeMilliseconds: 1_795_307_699_000, key: 42).text, "1795307699000.42")
    }

    func testCursorsEarlierReleasesHandedOutStillContinue() throws {
        // Location history wrote `_` (with a sample hash that may be negative), alerts and trips `-`.
        XCTAssertEqual(try ListCursor(parsing: "1795307699000_337800568"), ListCursor(timeMilliseconds: 1_795_307_699_000, key: 337_800_568))
        XCTAssertEqual(try ListCursor(parsing: "1795307699000_-5"), ListCursor(timeMilliseconds: 1_795_307_699_000, key: -5))
        XCTAssertEqual(try ListCursor(parsing: "1795307699000-17"), ListCursor(timeMilliseconds: 1_795_307_699_000, key: 17))
    }

    func testCursorNoPageReturnedIsA400NamingCursor() throws {
        for text in ["", "nonsense", "zz", "x", "1", "1.", ".1", "1.2.3", "1_2-3", "-5--3", "1.x", "+5.3", "5.+3", "1-", "-1-2", "1--2",
            "1234567890123456.1", "1.1234567890123456789", "١.٢",
        ] {
            try assertRefused({ () throws(HTTPError) in _ = try ListCursor(parsing: text) }, naming: "cursor")
            try assertRefused({ () throws(HTTPError) in _ = try query("cursor=" + encoded(text)).cursor() }, naming: "cursor")
        }
    }

    func testAbsentCursorStartsAtTheFirstPage() throws {
        XCTAssertNil(try query("limit=5").cursor())
    }

    func testTimeParameterReadsRFC3339AndUnixSeconds() throws {
        let parameters = try query("from=2026-11-21T22:43:01.123Z&to=1795307699&since=1795307699.5")
        XCTAssertEqual(try parameters.time("from"), Timestamp(rfc3339: "2026-11-21T22:43:01.123Z"))
        XCTAssertEqual(try parameters.time("to"), Timestamp(unixMilliseconds: 1_795_307_699_000))
        XCTAssertEqual(try parameters.time("since"), Timestamp(unixMilliseconds: 1_795_307_699_500))
        XCTAssertNil(try parameters.time("before"))
    }

    func testMalformedTimeIsA400NamingTheParameter() throws {
        for name in ["from", "to", "since"] {
            for text in ["", "yesterday", "2026-11-21", "nan", "inf", "1e400", "2026-13-01T00:00:00Z"] {
                try assertRefused({ () throws(HTTPError) in _ = try query("\(name)=\(text)").time(name) }, naming: name)
            }
        }
    }

    func testListQueryDefaultsToTheFirstPageOfTheDefaultSize() throws {
        let list = try ListQuery(query(""))
        XCTAssertNil(list.from)
        XCTAssertNil(list.to)
        XCTAssertNil(list.cursor)
        XCTAssertEqual(list.limit, ListQuery.defaultLimit)
        XCTAssertEqual(ListQuery.defaultLimit, 100)
        XCTAssertEqual(ListQuery.maxLimit, 1000)
    }

    func testListQueryReadsEveryParameter() throws {
        let list = try ListQuery(query("from=1795307699&to=2026-11-22T00:00:00Z&limit=1000&cursor=1795307699000.9"))
        XCTAssertEqual(list.from, Timestamp(unixMilliseconds: 1_795_307_699_000))
        XCTAssertEqual(list.to, Timestamp(rfc3339: "2026-11-22T00:00:00Z"))
        XCTAssertEqual(list.limit, 1000)
        XCTAssertEqual(list.cursor, ListCursor(timeMilliseconds: 1_795_307_699_000, key: 9))
    }

    func testListQueryNamesTheParameterAtFault() throws {
        for (text, field) in [
            ("limit=0", "limit"), ("limit=1001", "limit"), ("limit=ten", "limit"), ("from=soon", "from"),
            ("to=later", "to"), ("cursor=abc", "cursor"),
        ] {
            try assertRefused({ () throws(HTTPError) in _ = try ListQuery(query(text)) }, naming: field)
        }
    }
}
