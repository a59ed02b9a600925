import HomewardHTTP
import HomewardHTTPTesting
import XCTest

/// A port is served by one server: the event loops share it among themselves with SO_REUSEPORT,
/// but a second server is refused instead of silently taking half the connections.
final class PortOwnershipTests: XCTestCase {
    func testASecondServerOnAServedPortIsRefusedWithAClearMessage() throws {
        var router = Router()
        router.get("/who", execution: .inline) { _ in .text("first") }
        var configuration = HTTPServerConfiguration.testing
        configuration.eventLoopCount = 2
        try HTTPTestClient.withServer(router, mode: .live, configuration: configuration) { client in
            var second = configuration
            second.port = client.port
            let server = HTTPServer(configuration: second, router: Router(), logger: .init(label: "test"))
            XCTAssertThrowsError(try server.start()) { error in
                guard case .addressInUse(let host, let port) = error as? HTTPServerError else { return XCTFail("\(error)") }
                XCTAssertEqual(port, client.port)
                XCTAssertEqual(host, configuration.host)
                XCTAssertTrue("\(error)".contains("port \(client.port) on \(host) is already served by another process"), "\(error)")
            }
            for _ in 0..<4 {
                let fresh = try client.openConnection()
                try fresh.send("GET /who HTTP/1.1\r\nHost: a\r\n\r\n")
                XCTAssertEqual(try fresh.readResponse().text, "first")
            }
        }
    }
}
