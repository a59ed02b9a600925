import HomewardHTTP
import HomewardHTTPTesting
import Synchronization
import XCTest

/// Request bodies a route takes streamed (`RouteBody.streamed`): the parser hands out the head at
/// once and the body part by part, at any slicing; the server feeds the handler while it reads, in
/// bounded memory, and a handler that answers early closes the connection.
final class StreamedRequestBodyTests: XCTestCase {
    /// The largest part a handler was handed.
    final class LargestPart: Sendable {
        let value = Atomic<Int>(0)
    }

    private typealias Outcome = ParserHarness.Outcome

    /// Uploads to /upload are streamed up to 200 bytes; everything else is buffered (64 bytes at most).
    private static let uploads: @Sendable (HTTPRequest) -> Int? = { $0.path == "/upload" ? 200 : nil }

    private func assertEverySlicing(_ text: String, gives expected: [Outcome], file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        let whole = ParserHarness.outcomes(bytes, cuts: [], streamedBodyLimit: Self.uploads).filter { $0 != .continueExpected }
        XCTAssertEqual(whole, expected, "whole", file: file, line: line)
        for cuts in [Array(0..<bytes.count)] + (1..<bytes.count).map({ [$0] }) {
            let got = ParserHarness.outcomes(bytes, cuts: cuts, streamedBodyLimit: Self.uploads).filter { $0 != .continueExpected }
            if got != expected {
                XCTFail("cut at \(cuts.count == 1 ? "\(cuts[0])" : "every byte"): \(got)", file: file, line: line)
                return
            }
        }
    }

    func testStreamedBodyWithLengthComesAsHeadThenPartsAtEverySlicing() {
        let body = String(repeating: "0123456789", count: 10)
        assertEverySlicing(
            "POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n\(body)GET /next HTTP/1.1\r\nHost: a\r\n\r\n",
            gives: [.streamed(method: "POST", target: "/upload"), .streamedBody(body),
                    .request(method: "GET", target: "/next", body: "", keepAlive: true)])
    }

    func testStreamedChunkedBodyWithTrailersAtEverySlicing() {
        assertEverySlicing(
            "POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n6;x=y\r\n world\r\n0\r\nSum: 1\r\n\r\nPOST /other HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi",
            gives: [.streamed(method: "POST", target: "/upload"), .streamedBody("hello world"),
                    .request(method: "POST", target: "/other", body: "hi", keepAlive: true)])
    }

    func testStreamedBodyOverItsRouteLimitIs413AndBufferedRoutesKeepTheirs() {
        let overLength = "POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 201\r\n\r\n"
        XCTAssertEqual(ParserHarness.outcomes(Array(overLength.utf8), cuts: [], streamedBodyLimit: Self.uploads).last,
                       .failure(status: 413, code: "payload_too_large"))
        let chunk = String(repeating: "x", count: 150)
        let overChunks = "POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n96\r\n\(chunk)\r\n96\r\n"
        XCTAssertEqual(ParserHarness.outcomes(Array(overChunks.utf8), cuts: [], streamedBodyLimit: Self.uploads).last,
                       .failure(status: 413, code: "payload_too_large"))
        let buffered = "POST /other HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n"
        XCTAssertEqual(ParserHarness.outcomes(Array(buffered.utf8), cuts: [], streamedBodyLimit: Self.uploads).last,
                       .failure(status: 413, code: "payload_too_large"))
        let within = "POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 150\r\n\r\n\(chunk)"
        XCTAssertEqual(ParserHarness.outcomes(Array(within.utf8), cuts: [], streamedBodyLimit: Self.uploads),
                       [.streamed(method: "POST", target: "/upload"), .streamedBody(chunk)])
    }

    // MARK: Over a socket

    /// A router whose /upload reads its streamed body (up to `maxBytes`) and answers with its size
    /// and a checksum; /early answers without reading.
    private func uploadRouter(maxBytes: Int, largestPart: LargestPart) -> Router {
        var router = Router()
        router.on(.post, "/upload", body: .streamed(maxBytes: maxBytes)) { context in
            guard let stream = context.bodyStream else { throw HTTPError.internalError }
            var count = 0, sum: UInt64 = 0
            while let part = try stream.read() {
                count += part.count
                for byte in part { sum = sum &* 31 &+ UInt64(byte) }
                _ = largestPart.value.max(part.count, ordering: .relaxed)
            }
            return .json(["bytes": count, "sum": Int(truncatingIfNeeded: sum)])
        }
        router.on(.post, "/early", body: .streamed(maxBytes: maxBytes)) { _ in
            throw HTTPError.notFound()
        }
        router.get("/ping") { _ in .json(["ok": true]) }
        return router
    }

    func testUploadLargerThanTheBodyLimitAndTheStreamBufferArrivesWhole() throws {
        let largestPart = LargestPart()
        var configuration = HTTPServerConfiguration.testing
        configuration.maxBodyBytes = 1024
        configuration.maxStreamBufferBytes = 64 * 1024
        let body = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251) }
        var sum: UInt64 = 0
        for byte in body { sum = sum &* 31 &+ UInt64(byte) }
        try HTTPTestClient.withServer(uploadRouter(maxBytes: 4_000_000, largestPart: largestPart), mode: .live, configuration: configuration) { client in
            let connection = try client.openConnection(timeoutSeconds: 30)
            try connection.send(Array("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
            let response = try connection.readResponse()
            XCTAssertEqual(response.status, .ok, response.text)
            XCTAssertEqual(response.text, "{\"bytes\":3000000,\"sum\":\(Int(truncatingIfNeeded: sum))}")
            // The connection stays usable.
            try connection.send("GET /ping HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().status, .ok)
        }
        XCTAssertLessThanOrEqual(largestPart.value.load(ordering: .relaxed), configuration.readChunkBytes)
    }

    func testChunkedUploadOverItsLimitIs413() throws {
        let largestPart = LargestPart()
        try HTTPTestClient.withServer(uploadRouter(maxBytes: 1000, largestPart: largestPart), mode: .live) { client in
            let connection = try client.openConnection()
            let chunk = String(repeating: "x", count: 600)
            try connection.send("POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n")
            let response = try connection.readResponse()
            XCTAssertEqual(response.status.code, 413, response.text)
        }
    }

    func testHandlerAnsweringBeforeTheBodyEndsClosesTheConnection() throws {
        let largestPart = LargestPart()
        try HTTPTestClient.withServer(uploadRouter(maxBytes: 10_000_000, largestPart: largestPart), mode: .live) { client in
            let connection = try client.openConnection()
            try connection.send("POST /early HTTP/1.1\r\nHost: a\r\nContent-Length: 5000000\r\n\r\n" + String(repeating: "y", count: 100_000))
            let response = try connection.readResponse()
            XCTAssertEqual(response.status, .notFound)
            XCTAssertEqual(response.headers["Connection"], "close")
        }
    }

    func testInProcessClientHandsTheWholeBodyAsAStream() throws {
        let largestPart = LargestPart()
        try HTTPTestClient.withServer(uploadRouter(maxBytes: 100, largestPart: largestPart), mode: .inProcess) { client in
            let response = try client.execute(.post, "/upload", body: Array("hello".utf8))
            XCTAssertEqual(response.status, .ok)
            XCTAssertTrue(response.text.hasPrefix("{\"bytes\":5,"), response.text)
        }
    }
}
