import Dispatch
@testable import HomewardHTTP
import HomewardHTTPTesting
import Logging
import XCTest

/// The server's defences: a bounded worker queue, IPv6 listeners, the body-read timeout and gzip
/// bombs over a real socket.
final class ServerHardeningTests: XCTestCase {
    /// A `.worker` route that signals `started` and then blocks until `release` is signalled.
    private func blockingRouter(started: DispatchSemaphore, release: DispatchSemaphore) -> Router {
        var router = RawExchange.router()
        router.get("/block") { _ in
            started.signal()
            release.wait()
            return .text("released")
        }
        router.get("/work") { _ in .text("worked") }
        return router
    }

    func testFullWorkerQueueAnswers503WithRetryAfterAtOnce() throws {
        var configuration = HTTPServerConfiguration.testing
        configuration.workerCount = 1
        configuration.readWorkerCount = 0
        configuration.maxQueuedRequests = 0
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        try HTTPTestClient.withServer(blockingRouter(started: started, release: release), mode: .live, configuration: configuration) { client in
            let blocked = try client.openConnection()
            try blocked.send("GET /block HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertEqual(started.wait(timeout: .now() + 5), .success)
            let refused = try client.openConnection(timeoutSeconds: 2)
            try refused.send("GET /work HTTP/1.1\r\nHost: a\r\n\r\n")
            let response = try refused.readResponse()
            XCTAssertEqual(response.status, .serviceUnavailable)
            XCTAssertEqual(response.headers["Retry-After"], "1")
            XCTAssertEqual(response.errorCode, "unavailable")
            XCTAssertNotNil(response.headers["X-Request-Id"])
            try refused.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertEqual(try refused.readResponse().text, "ok", "inline routes still run on the I/O thread")
            release.signal()
            XCTAssertEqual(try blocked.readResponse().text, "released")
            // The worker hands its response to the loop before it counts itself free, so the first
            // request after the release may still find it busy; the queue must drain within moments.
            let recovered = try Deadline.firstValue { () throws -> HTTPTestResponse? in
                try refused.send("GET /work HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try refused.readResponse()
                return response.status != .serviceUnavailable ? response : nil
            }
            XCTAssertEqual(recovered?.text, "worked")
        }
    }

    func testReadsRunOnTheirOwnWorkersWhileEveryWriteWorkerIsBusy() throws {
        var configuration = HTTPServerConfiguration.testing
        configuration.workerCount = 1
        configuration.readWorkerCount = 1
        configuration.maxQueuedRequests = 0
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        var router = RawExchange.router()
        router.post("/block") { _ in
            started.signal()
            release.wait()
            return .text("released")
        }
        router.get("/work") { _ in .text("worked") }
        router.post("/work") { _ in .text("worked") }
        try HTTPTestClient.withServer(router, mode: .live, configuration: configuration) { client in
            let blocked = try client.openConnection()
            try blocked.send("POST /block HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
            XCTAssertEqual(started.wait(timeout: .now() + 5), .success)
            let other = try client.openConnection(timeoutSeconds: 2)
            try other.send("GET /work HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertEqual(try other.readResponse().text, "worked", "a read does not wait for the busy write worker")
            try other.send("POST /work HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
            XCTAssertEqual(try other.readResponse().status, .serviceUnavailable, "writes still share the one write worker")
            release.signal()
            XCTAssertEqual(try blocked.readResponse().text, "released")
        }
    }

    func testWorkerPoolRefusesJobsBeyondTheWaitingLimit() {
        let pool = WorkerPool(threadCount: 1, maxWaitingJobs: 1)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        XCTAssertTrue(pool.submitIfRoom {
            started.signal()
            release.wait()
            finished.signal()
        })
        XCTAssertEqual(started.wait(timeout: .now() + 5), .success)
        XCTAssertTrue(pool.submitIfRoom { finished.signal() })
        XCTAssertFalse(pool.submitIfRoom { finished.signal() })
        release.signal()
        XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)
        pool.stopAndJoin()
        XCTAssertEqual(finished.wait(timeout: .now()), .timedOut, "the refused job never ran")
    }

    func testServerListensOnIPv6Loopback() throws {
        var configuration = HTTPServerConfiguration.testing
        configuration.host = "::1"
        try HTTPTestClient.withServer(RawExchange.router(), mode: .live, configuration: configuration) { client in
            let connection = try client.openConnection()
            try connection.send("GET /healthz HTTP/1.1\r\nHost: [::1]\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().text, "ok")
            XCTAssertThrowsError(try HTTPTestConnection(host: "127.0.0.1", port: client.port, timeoutSeconds: 1))
        }
    }

    func testInvalidHostIsRefusedAtStart() {
        var configuration = HTTPServerConfiguration.testing
        configuration.host = "localhost"
        let server = HTTPServer(configuration: configuration, router: Router(), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        XCTAssertThrowsError(try server.start()) { error in
            XCTAssertEqual((error as? HTTPServerError)?.description, "not an IPv4 or IPv6 address: localhost")
        }
    }

    func testBodyReadTimeoutAnswers408AndCloses() throws {
        var configuration = HTTPServerConfiguration.testing
        configuration.bodyReadTimeoutSeconds = 0.2
        try HTTPTestClient.withServer(RawExchange.router(), mode: .live, configuration: configuration) { client in
            let connection = try client.openConnection(timeoutSeconds: 3)
            try connection.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nhalf.")
            let response = try connection.readResponse()
            XCTAssertEqual(response.status, .requestTimeout)
            XCTAssertEqual(response.errorCode, "request_timeout")
            XCTAssertTrue(connection.isClosedByServer())
        }
    }

    func testGzipBombOverASocketGets413() throws {
        try HTTPTestClient.withServer(RawExchange.router(), mode: .live) { client in
            let configuration = HTTPServerConfiguration.testing
            let bomb = Gzip.compress([UInt8](repeating: 0, count: configuration.maxDecodedBodyBytes + 1))
            XCTAssertLessThan(bomb.count, configuration.maxBodyBytes)
            let response = try client.execute(.post, "/echo", headers: ["Content-Encoding": "gzip"], body: bomb)
            XCTAssertEqual(response.status, .payloadTooLarge)
            XCTAssertEqual(response.errorCode, "payload_too_large")
        }
    }
}
