import HomewardHTTP
import HomewardHTTPTesting
import Synchronization
import XCTest

final class StreamingTests: XCTestCase {
    func testStreamedBodyIsSentChunkedAndFinishes() throws {
        var router = Router()
        router.get("/export") { _ in
            .stream(headers: ["Content-Type": "text/csv"]) { writer in
                for row in 0..<50 { XCTAssertTrue(writer.write(Array("row \(row)\n".utf8))) }
                writer.finish()
                XCTAssertFalse(writer.write([1]))
            }
        }
        try HTTPTestClient.withServer(router, mode: .live) { client in
            let response = try client.execute(.get, "/export")
            XCTAssertEqual(response.headers["Transfer-Encoding"], "chunked")
            XCTAssertEqual(response.text, (0..<50).map { "row \($0)\n" }.joined())
            XCTAssertEqual(try client.execute(.get, "/export").status, .ok)
        }
    }

    func testStreamOnHTTP10IsRawThenClosed() throws {
        var router = Router()
        router.get("/export") { _ in
            .stream { writer in
                writer.write(Array("one,".utf8))
                writer.write(Array("two".utf8))
                writer.finish()
            }
        }
        try HTTPTestClient.withServer(router, mode: .live) { client in
            let reply = String(decoding: try client.sendRaw(Array("GET /export HTTP/1.0\r\n\r\n".utf8)), as: UTF8.self)
            XCTAssertTrue(reply.hasSuffix("\r\n\r\none,two"), reply)
            XCTAssertFalse(reply.contains("chunked"), reply)
        }
    }

    func testEventStreamPushesFromAnotherThreadAndSurvivesIdleTimeout() throws {
        let writers = Mutex<[HTTPBodyWriter]>([])
        let closed = Atomic<Bool>(false)
        var router = Router()
        router.get("/events") { _ in
            .stream(headers: ["Content-Type": "text/event-stream"]) { writer in
                writer.onClose { closed.store(true, ordering: .relaxed) }
                writers.withLock { $0.append(writer) }
            }
        }
        var configuration = HTTPServerConfiguration.testing
        configuration.idleTimeoutSeconds = 0.1
        try HTTPTestClient.withServer(router, mode: .live, configuration: configuration) { client in
            let connection = try client.openConnection()
            try connection.send("GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
            let head = try connection.readResponse(omitBody: true)
            XCTAssertEqual(head.headers["Transfer-Encoding"], "chunked")
            let writer = Deadline.firstValue { writers.withLock { $0.first } }
            XCTAssertNotNil(writer)
            // Past the idle timeout: an open stream is not idle.
            usleep(300_000)
            XCTAssertTrue(writer?.send(Array("data: 1\n\n".utf8)) ?? false)
            XCTAssertEqual(try connection.readChunk(), Array("data: 1\n\n".utf8))
            connection.shutdownWriting()
            withExtendedLifetime(connection) {
                XCTAssertTrue(Deadline.waitUntil { writer?.isOpen != true })
            }
            XCTAssertTrue(closed.load(ordering: .relaxed))
            XCTAssertFalse(writer?.send([1]) ?? true)
        }
    }

    func testAStreamWhoseClientClosedItsSideBeforeItBeganEnds() throws {
        let writers = Mutex<[HTTPBodyWriter]>([])
        var router = Router()
        router.get("/events") { _ in
            usleep(50_000)
            return .stream(headers: ["Content-Type": "text/event-stream"]) { writer in
                writers.withLock { $0.append(writer) }
            }
        }
        try HTTPTestClient.withServer(router, mode: .live) { client in
            let connection = try client.openConnection()
            try connection.send("GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
            // The half-close reaches the server while the handler still runs, before the stream.
            connection.shutdownWriting()
            let writer = Deadline.firstValue { writers.withLock { $0.first } }
            XCTAssertNotNil(writer)
            Deadline.waitUntil { writer?.isOpen != true }
            XCTAssertFalse(writer?.isOpen ?? true, "the stream of a client that has gone must end")
            withExtendedLifetime(connection) {}
        }
    }

    func testBlockingWriteWaitsForTheSlowReaderAndSendOverflowCloses() throws {
        let progress = Atomic<Int>(0)
        let overflowed = Atomic<Bool>(false)
        var router = Router()
        router.get("/flood") { _ in
            .stream { writer in
                let block = [UInt8](repeating: 65, count: 64 * 1024)
                while writer.write(block) { progress.add(1, ordering: .relaxed) }
            }
        }
        router.get("/push") { _ in
            .stream { writer in
                let block = [UInt8](repeating: 66, count: 64 * 1024)
                while writer.send(block) {}
                overflowed.store(true, ordering: .relaxed)
            }
        }
        var configuration = HTTPServerConfiguration.testing
        configuration.maxStreamBufferBytes = 256 * 1024
        try HTTPTestClient.withServer(router, mode: .live, configuration: configuration) { client in
            let reader = try client.openConnection()
            try reader.send("GET /flood HTTP/1.1\r\nHost: a\r\n\r\n")
            usleep(300_000)
            let stalled = progress.load(ordering: .relaxed)
            XCTAssertTrue(Deadline.holds(for: 0.2) { progress.load(ordering: .relaxed) == stalled }, "write must block while the client does not read")
            XCTAssertLessThan(stalled, 200)

            let pusher = try client.openConnection()
            try pusher.send("GET /push HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertTrue(Deadline.waitUntil { overflowed.load(ordering: .relaxed) })
            XCTAssertTrue(pusher.isClosedByServer())
        }
    }
}
