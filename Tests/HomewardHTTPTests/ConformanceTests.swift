import HomewardHTTP
import HomewardHTTPTesting
import XCTest

/// Raw-socket conformance tests over the live server, named after the RFC 9112 / RFC 9110 section
/// and an Http11Probe-style id. Each expects nginx 1.22's answer (measured with
/// bench/hostile/probe.py) except where the table in bench/README.md ("Hostile clients") lists a
/// deliberate difference; every error closes the connection.
final class ConformanceTests: XCTestCase {
    private func check(_ request: String, statuses: [Int], closes: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        try HTTPTestClient.withServer(RawExchange.router(), mode: .live) { client in
            try RawExchange.assertAnswers(request, statuses: statuses, closes: closes, client: client, file: file, line: line)
        }
    }

    // MARK: - RFC 9112 §2: message format

    func testRFC9112_2_2_BareLFIs400() throws {
        try check("GET /healthz HTTP/1.1\nHost: a\n\n", statuses: [400], closes: true)
    }

    func testRFC9112_2_2_BareCRIs400() throws {
        try check("GET /healthz HTTP/1.1\r\nHost: a\r\nX-A: b\rc\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_2_2_LeadingEmptyLinesAreIgnored() throws {
        try check("\r\n\r\nGET /healthz HTTP/1.1\r\nHost: a\r\n\r\n", statuses: [200], closes: false)
    }

    func testRFC9112_2_3_LowercaseVersionIs400() throws {
        try check("GET /healthz http/1.1\r\nHost: a\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_2_3_MajorVersion2Is505() throws {
        try check("GET /healthz HTTP/2.0\r\nHost: a\r\n\r\n", statuses: [505], closes: true)
    }

    func testRFC9112_2_3_HigherMinorVersionIsServedAsHTTP11() throws {
        try check("GET /healthz HTTP/1.2\r\nHost: a\r\n\r\n", statuses: [200], closes: false)
    }

    // MARK: - RFC 9112 §3: request line

    func testRFC9112_3_InvalidMethodTokenIs400() throws {
        try check("G(T /healthz HTTP/1.1\r\nHost: a\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_3_BinaryJunkIs400WithoutWaitingForALineEnd() throws {
        try HTTPTestClient.withServer(RawExchange.router(), mode: .live) { client in
            try RawExchange.assertAnswers([0x16, 0x03, 0x01, 0x02, 0x00, 0x01], statuses: [400], closes: true, client: client)
        }
    }

    func testRFC9112_3_DoubleSpaceInRequestLineIs400() throws {
        try check("GET  /healthz HTTP/1.1\r\nHost: a\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_3_SpaceInTargetIs400() throws {
        try check("GET /health z HTTP/1.1\r\nHost: a\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_3_MissingVersionIs400() throws {
        try check("GET /healthz\r\nHost: a\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_3_RequestLineOverTheLimitIs414() throws {
        try check("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: a\r\n\r\n", statuses: [414], closes: true)
    }

    func testRFC9112_3_2_MissingHostIs400() throws {
        try check("GET /healthz HTTP/1.1\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_3_2_DuplicateHostIs400() throws {
        try check("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_3_2_HTTP10WithoutHostIs200AndCloses() throws {
        try check("GET /healthz HTTP/1.0\r\n\r\n", statuses: [200], closes: true)
    }

    func testRFC9112_3_2_2_AbsoluteFormIsServed() throws {
        try check("GET http://a/healthz HTTP/1.1\r\nHost: a\r\n\r\n", statuses: [200], closes: false)
    }

    func testRFC9112_3_2_4_AsteriskFormForGetIs400() throws {
        try check("GET * HTTP/1.1\r\nHost: a\r\n\r\n", statuses: [400], closes: true)
    }

    // MARK: - RFC 9112 §5 and RFC 9110 §5.5: field lines

    func testRFC9112_5_1_SpaceBeforeColonIs400() throws {
        try check("GET /healthz HTTP/1.1\r\nHost: a\r\nX-A : b\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_5_1_FieldWithoutColonIs400() throws {
        try check("GET /healthz HTTP/1.1\r\nHost: a\r\nX-A\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_5_1_EmptyFieldNameIs400() throws {
        try check("GET /healthz HTTP/1.1\r\nHost: a\r\n: b\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_5_2_ObsFoldIs400() throws {
        try check("GET /healthz HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9110_5_5_NULInFieldValueIs400() throws {
        try check("GET /healthz HTTP/1.1\r\nHost: a\r\nX-A: b\u{0}c\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9110_5_5_ControlCharacterInFieldValueIs400() throws {
        try check("GET /healthz HTTP/1.1\r\nHost: a\r\nX-A: b\u{1}c\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC6585_5_HeaderSectionOverTheLimitIs431() throws {
        try check("GET /healthz HTTP/1.1\r\nHost: a\r\nX-A: " + String(repeating: "a", count: 20_000) + "\r\n\r\n", statuses: [431], closes: true)
    }

    // MARK: - RFC 9110 §8.6 and RFC 9112 §6: message body framing

    func testRFC9110_8_6_NonNumericContentLengthIs400() throws {
        try check("POST /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9110_8_6_NegativeContentLengthIs400() throws {
        try check("POST /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9110_8_6_SignedContentLengthIs400() throws {
        try check("POST /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: +1\r\n\r\nx", statuses: [400], closes: true)
    }

    func testRFC9110_8_6_DifferingContentLengthsAre400() throws {
        try check("POST /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nxx", statuses: [400], closes: true)
    }

    func testRFC9110_8_6_ContentLengthOverTheLimitIs413() throws {
        try check("POST /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: 2000000\r\n\r\n", statuses: [413], closes: true)
    }

    func testRFC9112_6_1_TransferEncodingAndContentLengthIs400() throws {
        try check(
            "POST /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            statuses: [400], closes: true
        )
    }

    func testRFC9112_6_3_ChunkedNotLastIs400() throws {
        try check("POST /healthz HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_6_1_UnknownTransferCodingIs501() throws {
        try check("POST /healthz HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", statuses: [501], closes: true)
    }

    func testRFC9112_6_1_TransferEncodingInHTTP10Is400() throws {
        try check("POST /healthz HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_6_3_BodyOfAGetIsReadAndNotTakenForARequest() throws {
        let smuggled = "GET /nope HTTP/1.1\r\nHost: a\r\n\r\n"
        try check(
            "GET /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: \(smuggled.utf8.count)\r\n\r\n\(smuggled)",
            statuses: [200], closes: false
        )
    }

    // MARK: - RFC 9112 §7: chunked coding

    func testRFC9112_7_1_ChunkSizeOverflowIs400() throws {
        try check(
            "POST /healthz HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\nx\r\n0\r\n\r\n",
            statuses: [400], closes: true
        )
    }

    func testRFC9112_7_1_NonHexChunkSizeIs400() throws {
        try check("POST /healthz HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nx\r\n0\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_7_1_ChunkDataWithoutCRLFIs400() throws {
        try check("POST /healthz HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nxy0\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_7_1_1_ChunkExtensionsAreIgnored() throws {
        try check(
            "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1;ext=1\r\nx\r\n0\r\n\r\n",
            statuses: [200], closes: false
        )
    }

    // MARK: - RFC 9112 §9: connection management

    func testRFC9112_9_3_HTTP10KeepAliveKeepsTheConnectionOpen() throws {
        try HTTPTestClient.withServer(RawExchange.router(), mode: .live) { client in
            let connection = try client.openConnection(timeoutSeconds: 3)
            try connection.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let response = try connection.readResponse()
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.headers["Connection"]?.lowercased(), "keep-alive")
            try connection.send("GET /healthz HTTP/1.0\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().text, "ok")
            XCTAssertTrue(connection.isClosedByServer())
        }
    }

    func testRFC9112_9_3_2_PipelinedRequestsAreAnsweredInOrder() throws {
        try check(
            "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\nGET /nope HTTP/1.1\r\nHost: a\r\n\r\nPOST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n",
            statuses: [200, 404, 200], closes: false
        )
    }

    func testRFC9112_9_3_2_PipelinedRequestAfterAnErrorIsNotServed() throws {
        try check("GET /healthz HTTP/1.1\r\n\r\nGET /healthz HTTP/1.1\r\nHost: a\r\n\r\n", statuses: [400], closes: true)
    }

    func testRFC9112_9_6_ConnectionCloseIsHonoured() throws {
        try check("GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", statuses: [200], closes: true)
    }
}
