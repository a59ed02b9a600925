import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import Synchronization
import XCTest

/// Handlers that return `HTTPResponse.deferred` and complete from another thread, on the live
/// server (keep-alive, pipelining order) and in-process.
final class DeferredResponseTests: XCTestCase {
    private struct Failure: Error {}

    /// Completes on a fresh thread after `milliseconds`, as a database writer would.
    private static func later(_ milliseconds: Int, _ body: @escaping @Sendable () -> Void) {
        Thread {
            Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
            body()
        }.start()
    }

    private func router() -> Router {
        var router = Router()
        router.post("/later/{ms}") { context in
            let milliseconds = Int(context.parameters["ms"] ?? "") ?? 0
            let body = context.request.body
            return .deferred { completion in
                Self.later(milliseconds) {
                    completion(.success(HTTPResponse(status: .created, headers: ["Content-Type": "text/plain"], bytes: body)))
                }
            }
        }
        router.get("/later-refused") { _ in
            .deferred { completion in
                Self.later(5) { completion(.failure(HTTPError(status: .conflict, code: "conflict", message: "Not now."))) }
            }
        }
        router.get("/later-failed") { _ in
            .deferred { completion in Self.later(5) { completion(.failure(Failure())) } }
        }
        router.get("/now") { _ in
            .deferred { completion in completion(.success(.text("at once"))) }
        }
        return router
    }

    func testDeferredResponsesKeepTheirStatusHeadersAndRequestID() throws {
        for mode in [HTTPTestMode.inProcess, .live] {
            try HTTPTestClient.withServer(router(), mode: mode) { client in
                let response = try client.execute(.post, "/later/20", body: Array("payload".utf8))
                XCTAssertEqual(response.status, .created)
                XCTAssertEqual(response.text, "payload")
                XCTAssertNotNil(response.headers["X-Request-Id"])
                XCTAssertEqual(try client.execute(.get, "/now").text, "at once")
            }
        }
    }

    func testFailuresBecomeTheErrorEnvelope() throws {
        for mode in [HTTPTestMode.inProcess, .live] {
            try HTTPTestClient.withServer(router(), mode: mode) { client in
                let refused = try client.execute(.get, "/later-refused")
                XCTAssertEqual(refused.status, .conflict)
                XCTAssertEqual(refused.errorCode, "conflict")
                let failed = try client.execute(.get, "/later-failed")
                XCTAssertEqual(failed.status, .internalServerError)
                XCTAssertEqual(failed.errorCode, "internal")
            }
        }
    }

    func testPipelinedDeferredResponsesComeBackInRequestOrder() throws {
        try HTTPTestClient.withServer(router(), mode: .live) { client in
            // The first completes last; the answers must still follow the requests' order.
            let connection = try client.openConnection()
            var bytes: [UInt8] = []
            for (index, delay) in [60, 1, 30].enumerated() {
                bytes += Array("POST /later/\(delay) HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\n\(index)".utf8)
            }
            try connection.send(bytes)
            let bodies = try (0..<3).map { _ in try connection.readResponse().text }
            XCTAssertEqual(bodies, ["0", "1", "2"])
        }
    }

    func testWorkersAreFreeWhileResponsesAreDeferred() throws {
        var configuration = HTTPServerConfiguration.testing
        configuration.workerCount = 1
        try HTTPTestClient.withServer(router(), mode: .live, configuration: configuration) { client in
            // With one worker, 20 requests deferred for 300 ms each finish together only if the
            // worker is not held while they wait (held, they would take 6 s).
            let port = client.port
            let created = Mutex(0)
            let group = DispatchGroup()
            for _ in 0..<20 {
                group.enter()
                Thread {
                    defer { group.leave() }
                    guard let connection = try? HTTPTestConnection(port: port) else { return }
                    try? connection.send("POST /later/300 HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\nx")
                    if (try? connection.readResponse())?.status == .created { created.withLock { $0 += 1 } }
                }.start()
            }
            XCTAssertEqual(group.wait(timeout: .now() + 3), .success, "20 deferred requests on 1 worker took more than 3 s")
            XCTAssertEqual(created.withLock { $0 }, 20)
        }
    }

    /// The name of the calling thread (`http-loop-0`, `http-worker-3`, ...).
    private static func currentThreadName() -> String {
        ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testInlineWhenRoutesRunOnTheLoopOnlyWhenThePredicateSaysSo() throws {
        var router = Router()
        router.post("/where", execution: .inlineWhen { $0.headers["X-Inline"] }) { context in
            // The predicate's answer reaches the handler it admitted; the worker pool's handlers get nil.
            let thread = Self.currentThreadName() + ((context.admission as? String).map { " admitted " + $0 } ?? "")
            if context.request.headers.contains("X-Now") { return .text(thread) }
            return .deferred { completion in Self.later(10) { completion(.success(.text(thread))) } }
        }
        try HTTPTestClient.withServer(router, mode: .live) { client in
            let inlineDeferred = try client.execute(.post, "/where", headers: ["X-Inline": "1"])
            XCTAssertTrue(inlineDeferred.text.hasPrefix("http-loop"), inlineDeferred.text)
            XCTAssertTrue(inlineDeferred.text.hasSuffix(" admitted 1"), inlineDeferred.text)
            let inlineNow = try client.execute(.post, "/where", headers: ["X-Inline": "2", "X-Now": "1"])
            XCTAssertTrue(inlineNow.text.hasPrefix("http-loop"), inlineNow.text)
            XCTAssertTrue(inlineNow.text.hasSuffix(" admitted 2"), inlineNow.text)
            let onWorker = try client.execute(.post, "/where")
            XCTAssertTrue(onWorker.text.hasPrefix("http-worker"), onWorker.text)
            XCTAssertFalse(onWorker.text.contains("admitted"), onWorker.text)
            // Pipelined: an inline deferred answer still keeps its place in line.
            let connection = try client.openConnection()
            let request = "POST /where HTTP/1.1\r\nHost: x\r\nX-Inline: 1\r\nContent-Length: 0\r\n\r\n"
            let immediate = "POST /where HTTP/1.1\r\nHost: x\r\nX-Inline: 1\r\nX-Now: 1\r\nContent-Length: 0\r\n\r\n"
            try connection.send(request + immediate + request)
            let answers = try (0..<3).map { _ in try connection.readResponse() }
            XCTAssertEqual(answers.map(\.status), [.ok, .ok, .ok])
        }
    }
}
