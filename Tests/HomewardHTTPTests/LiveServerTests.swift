import HomewardHTTP
import HomewardHTTPTesting
import Synchronization
import XCTest

/// End-to-end over a real socket.
final class LiveServerTests: XCTestCase {
    private func router() -> Router {
        var router = Router()
        router.get("/healthz", execution: .inline) { _ in .text("ok") }
        router.get("/id", execution: .inline) { context in .text(context.requestID) }
        router.get("/slow") { context in
            usleep(UInt32(Int(context.query["ms"] ?? "200") ?? 200) * 1000)
            return .text("slow done")
        }
        router.post("/echo") { context in HTTPResponse(bytes: context.request.body) }
        router.get("/path/{n}", execution: .inline) { context in .text(try context.parameter("n")) }
        return router
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testKeepAliveServesManyRequestsOnOneConnection() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let connection = try client.openConnection()
            for index in 0..<5 {
                try connection.send("GET /path/\(index) HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try connection.readResponse()
                XCTAssertEqual(response.text, "\(index)")
                XCTAssertNil(response.headers["Connection"])
            }
        }
    }

    func testEveryResponseCarriesDateServerAndContentLength() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let response = try client.execute(.get, "/healthz")
            XCTAssertEqual(response.headers["Server"], "homeward")
            XCTAssertEqual(response.headers["Content-Length"], "2")
            let date = try XCTUnwrap(response.headers["Date"])
            XCTAssertTrue(date.hasSuffix(" GMT") && date.count == 29, date)
            let missing = try client.execute(.get, "/nope")
            XCTAssertEqual(missing.status, .notFound)
            XCTAssertNotNil(missing.headers["Content-Length"])
        }
    }

    func testHeadAnswersHeadersWithContentLengthAndNoBody() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let connection = try client.openConnection()
            try connection.send("HEAD /healthz HTTP/1.1\r\nHost: a\r\n\r\nGET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
            let head = try connection.readResponse(omitBody: true)
            XCTAssertEqual(head.headers["Content-Length"], "2")
            XCTAssertEqual(try connection.readResponse().text, "ok")
        }
    }

    func testPipelinedRequestsAreAnsweredInOrder() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let connection = try client.openConnection()
            try connection.send(
                "GET /slow?ms=100 HTTP/1.1\r\nHost: a\r\n\r\nGET /path/2 HTTP/1.1\r\nHost: a\r\n\r\n"
                    + "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nthreeGET /path/4 HTTP/1.1\r\nHost: a\r\n\r\n"
            )
            XCTAssertEqual(try connection.readResponse().text, "slow done")
            XCTAssertEqual(try connection.readResponse().text, "2")
            XCTAssertEqual(try connection.readResponse().text, "three")
            XCTAssertEqual(try connection.readResponse().text, "4")
        }
    }

    // The loop registers sockets edge-triggered: input that arrives while a handler runs raises its
    // edge then, and must still be read once the answer is out, with no second edge to come.
    func testARequestArrivingWhileTheLastOneRunsIsReadAfterItsAnswer() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let connection = try client.openConnection()
            try connection.send("GET /slow?ms=150 HTTP/1.1\r\nHost: a\r\n\r\n")
            usleep(40_000)
            try connection.send("GET /path/2 HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().text, "slow done")
            XCTAssertEqual(try connection.readResponse().text, "2")
            try connection.send("GET /path/3 HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().text, "3")
        }
    }

    func testAClientThatHalfClosesStillGetsItsAnswer() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let connection = try client.openConnection()
            try connection.send("GET /slow?ms=100 HTTP/1.1\r\nHost: a\r\n\r\n")
            connection.shutdownWriting()
            XCTAssertEqual(try connection.readResponse().text, "slow done")
            XCTAssertTrue(connection.isClosedByServer())
        }
    }

    func testALargeAnswerReachesAClientThatReadsLateAndTheConnectionGoesOn() throws {
        var router = router()
        let size = 16 * 1024 * 1024
        router.get("/large") { _ in HTTPResponse(bytes: [UInt8](repeating: 121, count: size)) }
        try HTTPTestClient.withServer(router, mode: .live) { client in
            let connection = try client.openConnection()
            try connection.send("GET /large HTTP/1.1\r\nHost: a\r\n\r\n")
            // The socket fills and the loop waits for EPOLLOUT; reading late resumes it.
            usleep(200_000)
            let large = try connection.readResponse()
            XCTAssertEqual(large.status, .ok)
            XCTAssertEqual(large.body.count, size)
            XCTAssertTrue(large.body.allSatisfy { $0 == 121 })
            try connection.send("GET /path/5 HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().text, "5")
        }
    }

    func testConnectionCloseIsHonoured() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let connection = try client.openConnection()
            try connection.send("GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            let response = try connection.readResponse()
            XCTAssertEqual(response.headers["Connection"], "close")
            XCTAssertTrue(connection.isClosedByServer())
        }
    }

    func testHTTP10ClosesByDefaultAndKeepsAliveWhenAsked() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let plain = text(try client.sendRaw(Array("GET /healthz HTTP/1.0\r\n\r\n".utf8)))
            XCTAssertTrue(plain.hasPrefix("HTTP/1.0 200 OK\r\n"), plain)
            XCTAssertTrue(plain.contains("Connection: close\r\n"), plain)
            XCTAssertTrue(plain.hasSuffix("\r\n\r\nok"), plain)

            let connection = try client.openConnection()
            try connection.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().headers["Connection"], "keep-alive")
            try connection.send("GET /path/9 HTTP/1.0\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().text, "9")
            XCTAssertTrue(connection.isClosedByServer())
        }
    }

    func testExpectContinueGets100BeforeTheBody() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let connection = try client.openConnection()
            try connection.send("POST /echo HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().status.code, 100)
            try connection.send("body")
            XCTAssertEqual(try connection.readResponse().text, "body")
        }
    }

    func testExpectContinueWithTooLargeBodyGets413AndClose() throws {
        var configuration = HTTPServerConfiguration.testing
        configuration.maxBodyBytes = 10
        try HTTPTestClient.withServer(router(), mode: .live, configuration: configuration) { client in
            let connection = try client.openConnection()
            try connection.send("POST /echo HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 11\r\n\r\n")
            let response = try connection.readResponse()
            XCTAssertEqual(response.status, .payloadTooLarge)
            XCTAssertEqual(response.errorCode, "payload_too_large")
            XCTAssertTrue(connection.isClosedByServer())
        }
    }

    func testOversizedContentLengthIsAnsweredWithoutReadingTheBody() throws {
        var configuration = HTTPServerConfiguration.testing
        configuration.maxBodyBytes = 1000
        try HTTPTestClient.withServer(router(), mode: .live, configuration: configuration) { client in
            let reply = text(try client.sendRaw(Array("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 100000\r\n\r\nabc".utf8)))
            XCTAssertTrue(reply.hasPrefix("HTTP/1.1 413 "), reply)
            XCTAssertTrue(reply.contains("Connection: close"), reply)
        }
    }

    func testMalformedRequestGets400EnvelopeAndClose() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let reply = text(try client.sendRaw(Array("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)))
            XCTAssertTrue(reply.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), reply)
            XCTAssertTrue(reply.contains(#"{"error":{"code":"invalid_request""#), reply)
            XCTAssertTrue(reply.contains("Connection: close"), reply)
        }
    }

    func testChunkedRequestBodyReachesTheHandler() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let connection = try client.openConnection()
            try connection.send("POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n2\r\nde\r\n0\r\nT: 1\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().text, "abcde")
        }
    }

    func testHeaderReadTimeoutAnswers408() throws {
        var configuration = HTTPServerConfiguration.testing
        configuration.headerReadTimeoutSeconds = 0.2
        try HTTPTestClient.withServer(router(), mode: .live, configuration: configuration) { client in
            let reply = text(try client.sendRaw(Array("GET /healthz HTTP/1.1\r\nHost: a\r\n".utf8), timeoutSeconds: 3))
            XCTAssertTrue(reply.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), reply)
            XCTAssertTrue(reply.contains("request_timeout"), reply)
        }
    }

    func testIdleKeepAliveConnectionIsClosedAfterIdleTimeout() throws {
        var configuration = HTTPServerConfiguration.testing
        configuration.idleTimeoutSeconds = 0.2
        try HTTPTestClient.withServer(router(), mode: .live, configuration: configuration) { client in
            let connection = try client.openConnection(timeoutSeconds: 3)
            try connection.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().text, "ok")
            XCTAssertTrue(connection.isClosedByServer())
            XCTAssertEqual(connection.receiveUntilClose(), [])
        }
    }

    func testConnectionsBeyondTheLimitGet503() throws {
        var configuration = HTTPServerConfiguration.testing
        configuration.maxConnections = 2
        try HTTPTestClient.withServer(router(), mode: .live, configuration: configuration) { client in
            let first = try client.openConnection()
            let second = try client.openConnection()
            for connection in [first, second] {
                try connection.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
                XCTAssertEqual(try connection.readResponse().status, .ok)
            }
            let reply = text(try client.sendRaw(Array("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n".utf8)))
            XCTAssertTrue(reply.hasPrefix("HTTP/1.1 503 "), reply)
            XCTAssertTrue(reply.contains(#""code":"unavailable""#), reply)
        }
    }

    func testSlowClientDoesNotDelayAnother() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let slow = try client.openConnection()
            try slow.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc")
            let stuck = try client.openConnection()
            try stuck.send("GET /healthz HTTP/1.1\r\nHo")
            let fast = try client.openConnection(timeoutSeconds: 1)
            for _ in 0..<20 {
                try fast.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
                XCTAssertEqual(try fast.readResponse().text, "ok")
            }
            try slow.send("defghij")
            XCTAssertEqual(try slow.readResponse().text, "abcdefghij")
        }
    }

    func testSaneRequestIDIsEchoedAndOthersReplaced() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            let echoed = try client.execute(.get, "/id", headers: ["X-Request-Id": "trace-42.a"])
            XCTAssertEqual(echoed.text, "trace-42.a")
            XCTAssertEqual(echoed.headers["X-Request-Id"], "trace-42.a")
            let replaced = try client.execute(.get, "/id", headers: ["X-Request-Id": "bad id <script>"])
            XCTAssertNotEqual(replaced.text, "bad id <script>")
            XCTAssertEqual(replaced.headers["X-Request-Id"], replaced.text)
        }
    }

    func testLiveAndInProcessAgreeOnGzip() throws {
        var router = Router()
        router.get("/big") { _ in .text(String(repeating: "x", count: 5000)) }
        for mode in [HTTPTestMode.inProcess, .live] {
            try HTTPTestClient.withServer(router, mode: mode) { client in
                let response = try client.execute(.get, "/big", headers: ["Accept-Encoding": "gzip"])
                XCTAssertEqual(response.headers["Content-Encoding"], "gzip", "\(mode)")
                XCTAssertEqual(try Gzip.decompress(response.body, limitBytes: 10_000).count, 5000, "\(mode)")
            }
        }
    }

    func testGracefulShutdownFinishesAnInFlightRequest() throws {
        let server = HTTPServer(configuration: .testing, router: router(), logger: .init(label: "test"))
        try server.start()
        let inFlight = try HTTPTestConnection(port: server.localPort)
        let idle = try HTTPTestConnection(port: server.localPort)
        try idle.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
        XCTAssertEqual(try idle.readResponse().text, "ok")
        try inFlight.send("GET /slow?ms=300 HTTP/1.1\r\nHost: a\r\n\r\n")
        usleep(50_000)
        server.shutdown()
        let response = try inFlight.readResponse()
        XCTAssertEqual(response.text, "slow done")
        XCTAssertEqual(response.headers["Connection"], "close")
        XCTAssertTrue(idle.isClosedByServer())
        server.waitUntilStopped()
        XCTAssertThrowsError(try HTTPTestConnection(port: server.localPort))
    }
}

final class WriteTimeoutTests: XCTestCase {
    func testClientThatStopsReadingIsDroppedAfterWriteTimeout() throws {
        var router = Router()
        router.get("/huge") { _ in HTTPResponse(bytes: [UInt8](repeating: 120, count: 32 * 1024 * 1024)) }
        var configuration = HTTPServerConfiguration.testing
        configuration.writeTimeoutSeconds = 0.3
        try HTTPTestClient.withServer(router, mode: .live, configuration: configuration) { client in
            let metrics = try XCTUnwrap(client.server?.metrics)
            let connection = try client.openConnection()
            try connection.send("GET /huge HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertTrue(Deadline.waitUntil { metrics.openConnectionCount > 0 })
            let opened = Date()
            XCTAssertTrue(Deadline.waitUntil { metrics.openConnectionCount == 0 })
            XCTAssertGreaterThan(Date().timeIntervalSince(opened), 0.2, "dropped by the write timeout, not at once")
        }
    }
}
