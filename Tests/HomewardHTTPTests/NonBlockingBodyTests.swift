import Dispatch
import Glibc
import HomewardHTTP
import HomewardHTTPTesting
import XCTest

/// A body written part by part with `write(_:then:)` holds no thread while its client does not read.
final class NonBlockingBodyTests: XCTestCase {
    func testBodiesNobodyReadsLeaveTheBulkLaneFreeForOtherWork() throws {
        var router = Router()
        let part = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
        router.get("/export") { _ in
            .stream(headers: ["Content-Type": "text/plain"]) { writer in
                /// Writes `remaining` more parts, each only once the client has read enough.
                @Sendable func writeParts(_ remaining: Int) {
                    guard remaining > 0 else { return writer.finish() }
                    writer.write(part) { writeParts(remaining - 1) }
                }
                writeParts(800)
            }
        }
        router.post("/hash", execution: .lane(.bulk)) { _ in .text("hashed") }
        var configuration = HTTPServerConfiguration.testing
        configuration.bulkWorkerCount = 1
        configuration.maxStreamBufferBytes = 64 * 1024
        try HTTPTestClient.withServer(router, mode: .live, configuration: configuration) { client in
            let exports = try (0..<3).map { _ in try NonReadingClient(port: client.port, sending: "GET /export HTTP/1.1\r\nHost: a\r\n\r\n") }
            defer { exports.forEach { $0.close() } }
            for export in exports { XCTAssertTrue(export.answerBegan(withinSeconds: 5), "every body is being written") }
            let answer = try client.execute(.post, "/hash")
            XCTAssertEqual(answer.text, "hashed", "50 MB bodies nobody reads hold none of the bulk lane's one thread")
        }
    }
}

/// A client that sends one request and never reads, with a receive buffer so small that the server
/// soon has nowhere to put its answer.
private final class NonReadingClient {
    private let descriptor: Int32

    init(port: Int, sending request: String) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var size: Int32 = 2048
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw HTTPTestError.connectionClosed }
        let bytes = Array(request.utf8)
        guard send(descriptor, bytes, bytes.count, 0) == bytes.count else { throw HTTPTestError.connectionClosed }
    }

    /// Whether the first bytes of the answer arrived within `seconds` (peeked, not read).
    func answerBegan(withinSeconds seconds: Int32) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, seconds * 1000) == 1 else { return false }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK)) == 1
    }

    func close() { _ = Glibc.close(descriptor) }
}
