import HomewardHTTP
import XCTest

/// Malformed, ambiguous and oversized requests: each is refused, whole or byte by byte. The framing
/// cases follow SwiftNIO's HTTPDecoderLengthTest.
final class HTTPRequestParserRejectionTests: XCTestCase {
    private func post(_ headers: String, body: String = "") -> String {
        "POST / HTTP/1.1\r\nHost: a\r\n\(headers)\r\n\r\n\(body)"
    }

    func testContentLengthWithTransferEncodingIsRejected() {
        ParserHarness.assertRejected(post("Transfer-Encoding: chunked\r\nContent-Length: 4"), status: 400)
        ParserHarness.assertRejected(post("Content-Length: 4\r\nTransfer-Encoding: chunked"), status: 400)
    }

    func testDifferingContentLengthsAreRejected() {
        ParserHarness.assertRejected(post("Content-Length: 4, 5"), status: 400)
        ParserHarness.assertRejected(post("Content-Length: 1,2"), status: 400)
        ParserHarness.assertRejected(post("Content-Length: 4\r\nContent-Length: 5"), status: 400)
    }

    func testNonNumericContentLengthsAreRejected() {
        for value in ["pie", "+2", "-1", "2x", "x2", "0x10", "1 2", "", "1,,1", "99999999999999999999"] {
            ParserHarness.assertRejected(post("Content-Length: \(value)"), status: 400)
        }
    }

    func testTransferEncodingWithChunkedNotLastIsRejected() {
        ParserHarness.assertRejected(post("Transfer-Encoding: chunked, gzip"), status: 400)
        ParserHarness.assertRejected(post("Transfer-Encoding: gzip, chunked, deflate"), status: 400)
        ParserHarness.assertRejected(post("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked"), status: 400)
    }

    func testUnimplementedTransferCodingsGet501() {
        ParserHarness.assertRejected(post("Transfer-Encoding: gzip, chunked"), status: 501, code: "not_implemented")
        ParserHarness.assertRejected(post("Transfer-Encoding: identity"), status: 501, code: "not_implemented")
        ParserHarness.assertRejected(post("Transfer-Encoding: gzip"), status: 501, code: "not_implemented")
    }

    func testEmptyTransferEncodingIsRejected() {
        ParserHarness.assertRejected(post("Transfer-Encoding: ,"), status: 400)
    }

    func testTransferEncodingOnHTTP10IsRejected() {
        ParserHarness.assertRejected("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400)
    }

    func testObsoleteLineFoldingIsRejected() {
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\r\nX-A: 1\r\n 2\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\r\nX-A: 1\r\n\t2\r\n\r\n", status: 400)
    }

    func testWhitespaceBeforeColonIsRejected() {
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost : a\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\r\nContent-Length\t: 0\r\n\r\n", status: 400)
    }

    func testBareCarriageReturnIsRejected() {
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\rX: b\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / HTTP/1.1\rHost: a\r\n\r\n", status: 400)
    }

    func testBareLineFeedIsRejected() {
        ParserHarness.assertRejected("GET / HTTP/1.1\nHost: a\n\n", status: 400)
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\nX: b\r\n\r\n", status: 400)
    }

    func testControlCharactersInFieldValuesAreRejected() {
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{0}b\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{7f}b\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{1b}b\r\n\r\n", status: 400)
    }

    func testInvalidHeaderNamesAreRejected() {
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\r\n: empty\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\r\nX(y): 1\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\r\nno colon\r\n\r\n", status: 400)
    }

    func testMissingOrRepeatedHostOnHTTP11IsRejected() {
        ParserHarness.assertRejected("GET / HTTP/1.1\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / HTTP/1.0\r\nHost: a\r\nhost: a\r\n\r\n", status: 400)
    }

    func testInvalidChunkSizesAreRejected() {
        let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        ParserHarness.assertRejected(head + "g\r\n", status: 400)
        ParserHarness.assertRejected(head + "\r\n", status: 400)
        ParserHarness.assertRejected(head + "-1\r\n", status: 400)
        ParserHarness.assertRejected(head + "0x5\r\n", status: 400)
        ParserHarness.assertRejected(head + "10000000000000000\r\n", status: 400)
        ParserHarness.assertRejected(head + "5\r\nhelloXX", status: 400)
        ParserHarness.assertRejected(head + "5\nhello\r\n", status: 400)
        ParserHarness.assertRejected(head + "5;a\u{0}\r\nhello\r\n", status: 400)
        ParserHarness.assertRejected(head + "0\r\nBad Trailer: x\r\n\r\n", status: 400)
    }

    func testChunkedBodyOverTheLimitGets413() {
        let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        ParserHarness.assertRejected(head + "40\r\n" + String(repeating: "a", count: 64) + "\r\n1\r\n", status: 413, code: "payload_too_large")
    }

    func testContentLengthOverTheLimitGets413BeforeTheBody() {
        ParserHarness.assertRejected(post("Content-Length: 65"), status: 413, code: "payload_too_large")
    }

    func testNonTokenMethodsAreRejected() {
        ParserHarness.assertRejected("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
        ParserHarness.assertRejected(" GET / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
    }

    func testInvalidRequestTargetsAreRejected() {
        ParserHarness.assertRejected("GET a/b HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET /a#b HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET /a\u{7f} HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / a HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET ftp://x/ HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
    }

    func testBadVersionsAreRejected() {
        ParserHarness.assertRejected("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / http/1.1\r\nHost: a\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / HTTP/1\r\nHost: a\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET / HTTP/1.x\r\nHost: a\r\n\r\n", status: 400)
        ParserHarness.assertRejected("GET /\r\n\r\n", status: 400)
    }

    func testHTTP2AndLaterGet505() {
        ParserHarness.assertRejected("GET / HTTP/2.0\r\nHost: a\r\n\r\n", status: 505, code: "http_version_not_supported")
        ParserHarness.assertRejected("GET / HTTP/3\r\nHost: a\r\n\r\n", status: 505, code: "http_version_not_supported")
    }

    func testOversizedRequestLineGets414() {
        let target = "/" + String(repeating: "a", count: 300)
        ParserHarness.assertRejected("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n", status: 414, code: "uri_too_long")
        XCTAssertEqual(ParserHarness.outcomes("GET \(target)").last, .failure(status: 414, code: "uri_too_long"))
    }

    func testOversizedHeaderSectionGets431() {
        let big = "X-Big: " + String(repeating: "b", count: 600) + "\r\n"
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\r\n\(big)\r\n", status: 431, code: "request_header_fields_too_large")
        XCTAssertEqual(ParserHarness.outcomes("GET / HTTP/1.1\r\nHost: a\r\n\(big)").last, .failure(status: 431, code: "request_header_fields_too_large"))
    }

    func testTooManyHeaderFieldsGets431() {
        let fields = (0..<9).map { "X-\($0): v\r\n" }.joined()
        ParserHarness.assertRejected("GET / HTTP/1.1\r\nHost: a\r\n\(fields)\r\n", status: 431, code: "request_header_fields_too_large")
    }

    func testTooManyTrailerFieldsGets431() {
        let fields = (0..<9).map { "X-\($0): v\r\n" }.joined()
        ParserHarness.assertRejected(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\(fields)\r\n",
            status: 431, code: "request_header_fields_too_large"
        )
    }

    func testSmugglingAttemptsNeverYieldASecondRequest() {
        let attempts = [
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 13\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding:\u{0b}chunked\r\n\r\n0\r\n\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nContent-Length: 44\r\n\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: a\r\nX: y\r\n Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n",
        ]
        for attempt in attempts {
            let outcomes = ParserHarness.outcomes(attempt)
            XCTAssertEqual(outcomes.count, 1, attempt.debugDescription)
            guard case .failure? = outcomes.first else { return XCTFail("accepted: \(attempt.debugDescription)") }
        }
    }

    func testParserStaysFailedAfterAnError() {
        var parser = HTTPRequestParser(configuration: ParserHarness.configuration)
        var buffer = ReadBuffer()
        buffer.append(contentsOf: "GET / HTTP/1.1\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        guard case .failure? = parser.parse(&buffer) else { return XCTFail("expected failure") }
        XCTAssertNil(parser.parse(&buffer))
    }
}
