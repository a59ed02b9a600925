import HomewardHTTP
import XCTest

final class HTTPRequestParserTests: XCTestCase {
    private typealias Outcome = ParserHarness.Outcome

    func testSimpleGetParsesAtEverySlicing() {
        ParserHarness.assertEverySlicing(
            "GET /v1/me?x=1 HTTP/1.1\r\nHost: a\r\nAccept: */*\r\n\r\n",
            gives: [.request(method: "GET", target: "/v1/me?x=1", body: "", keepAlive: true)]
        )
    }

    func testHeadersKeepOrderAndTrimOptionalWhitespace() {
        var parser = HTTPRequestParser(configuration: ParserHarness.configuration)
        var buffer = ReadBuffer()
        buffer.append(contentsOf: "GET / HTTP/1.1\r\nHost: a\r\nX-A: \t one two \t\r\nx-a:2\r\n\r\n".utf8)
        guard case .request(let request)? = parser.parse(&buffer) else { return XCTFail("no request") }
        XCTAssertEqual(request.headers.values(for: "X-A"), ["one two", "2"])
        XCTAssertEqual(request.headers["host"], "a")
        XCTAssertEqual(request.path, "/")
        XCTAssertEqual(request.query, "")
    }

    func testContentLengthBodyParsesAtEverySlicing() {
        ParserHarness.assertEverySlicing(
            "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello",
            gives: [.request(method: "POST", target: "/x", body: "hello", keepAlive: true)]
        )
    }

    func testChunkedBodyWithExtensionsAndTrailersParsesAtEverySlicing() {
        ParserHarness.assertEverySlicing(
            "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\n6 ; x\r\n world\r\n0\r\nChecksum: abc\r\nOther: 1\r\n\r\n",
            gives: [.request(method: "POST", target: "/x", body: "hello world", keepAlive: true)]
        )
    }

    func testPipelinedRequestsComeOutInOrder() {
        ParserHarness.assertEverySlicing(
            "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nPOST /2 HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi"
                + "GET /3 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
            gives: [
                .request(method: "GET", target: "/1", body: "", keepAlive: true),
                .request(method: "POST", target: "/2", body: "hi", keepAlive: true),
                .request(method: "GET", target: "/3", body: "", keepAlive: false),
            ]
        )
    }

    func testConnectionCloseEndsKeepAlive() {
        XCTAssertEqual(
            ParserHarness.outcomes("GET / HTTP/1.1\r\nHost: a\r\nConnection: Keep-Alive, close\r\n\r\n"),
            [.request(method: "GET", target: "/", body: "", keepAlive: false)]
        )
    }

    func testHTTP10ClosesUnlessKeepAliveIsAsked() {
        XCTAssertEqual(ParserHarness.outcomes("GET / HTTP/1.0\r\n\r\n"), [.request(method: "GET", target: "/", body: "", keepAlive: false)])
        XCTAssertEqual(
            ParserHarness.outcomes("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"),
            [.request(method: "GET", target: "/", body: "", keepAlive: true)]
        )
    }

    func testLeadingEmptyLinesBeforeRequestLineAreIgnored() {
        XCTAssertEqual(ParserHarness.outcomes("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n"), [.request(method: "GET", target: "/", body: "", keepAlive: true)])
    }

    func testAbsoluteFormTargetBecomesOriginForm() {
        XCTAssertEqual(
            ParserHarness.outcomes("GET http://example.org/a?b=1 HTTP/1.1\r\nHost: example.org\r\n\r\n"),
            [.request(method: "GET", target: "/a?b=1", body: "", keepAlive: true)]
        )
        XCTAssertEqual(
            ParserHarness.outcomes("GET https://example.org HTTP/1.1\r\nHost: example.org\r\n\r\n"),
            [.request(method: "GET", target: "/", body: "", keepAlive: true)]
        )
    }

    func testAsteriskTargetOnlyForOptions() {
        XCTAssertEqual(ParserHarness.outcomes("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n"), [.request(method: "OPTIONS", target: "*", body: "", keepAlive: true)])
        ParserHarness.assertRejected("GET * HTTP/1.1\r\nHost: a\r\n\r\n", status: 400)
    }

    func testExpectContinueIsAnnouncedBeforeTheBody() {
        let head = Array("POST /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8)
        XCTAssertEqual(
            ParserHarness.outcomes(head + Array("ok".utf8), cuts: [head.count]),
            [.continueExpected, .request(method: "POST", target: "/x", body: "ok", keepAlive: true)]
        )
    }

    func testExpectContinueIsNotAnnouncedWhenTheBodyAlreadyArrived() {
        XCTAssertEqual(
            ParserHarness.outcomes("POST /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok"),
            [.request(method: "POST", target: "/x", body: "ok", keepAlive: true)]
        )
    }

    func testExpectContinueWithOversizedBodyFailsWith413WithoutContinue() {
        XCTAssertEqual(
            ParserHarness.outcomes("POST /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 65\r\n\r\n"),
            [.failure(status: 413, code: "payload_too_large")]
        )
    }

    func testRequestWithoutLengthHasEmptyBody() {
        XCTAssertEqual(ParserHarness.outcomes("POST / HTTP/1.1\r\nHost: example.org\r\n\r\n"), [.request(method: "POST", target: "/", body: "", keepAlive: true)])
    }

    func testIdenticalRepeatedContentLengthIsAccepted() {
        XCTAssertEqual(
            ParserHarness.outcomes("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 2, 2\r\nContent-Length: 2\r\n\r\nok"),
            [.request(method: "POST", target: "/", body: "ok", keepAlive: true)]
        )
    }

    func testUnknownMethodTokensAreAccepted() {
        XCTAssertEqual(ParserHarness.outcomes("PROPFIND / HTTP/1.1\r\nHost: a\r\n\r\n"), [.request(method: "PROPFIND", target: "/", body: "", keepAlive: true)])
    }

    func testHTTP1MinorVersionsAboveOneAreTreatedAsHTTP11() {
        XCTAssertEqual(ParserHarness.outcomes("GET / HTTP/1.7\r\nHost: a\r\n\r\n"), [.request(method: "GET", target: "/", body: "", keepAlive: true)])
    }
}
