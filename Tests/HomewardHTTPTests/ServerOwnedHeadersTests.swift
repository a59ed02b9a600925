import HomewardHTTP
import HomewardHTTPTesting
import XCTest

final class ServerOwnedHeadersTests: XCTestCase {
    func testHandlerCannotOverrideFramingOrServerHeaders() throws {
        var router = Router()
        router.get("/spoof", execution: .inline) { _ in
            HTTPResponse(headers: ["Content-Length": "999", "Server": "other", "Connection": "close", "X-Kept": "yes"], bytes: Array("hi".utf8))
        }
        try HTTPTestClient.withServer(router, mode: .live) { client in
            let response = try client.execute(.get, "/spoof")
            XCTAssertEqual(response.headers.values(for: "Content-Length"), ["2"])
            XCTAssertEqual(response.headers.values(for: "Server"), ["homeward"])
            XCTAssertNil(response.headers["Connection"])
            XCTAssertEqual(response.headers["X-Kept"], "yes")
            XCTAssertEqual(response.text, "hi")
        }
    }

    func testNoContentCarriesNoContentLength() throws {
        var router = Router()
        router.delete("/thing", execution: .inline) { _ in HTTPResponse(status: .noContent) }
        try HTTPTestClient.withServer(router, mode: .live) { client in
            let response = try client.execute(.delete, "/thing")
            XCTAssertEqual(response.status, .noContent)
            XCTAssertNil(response.headers["Content-Length"])
            XCTAssertEqual(try client.execute(.delete, "/thing").status, .noContent)
        }
    }
}
