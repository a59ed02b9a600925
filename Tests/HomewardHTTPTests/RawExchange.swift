import HomewardHTTP
import HomewardHTTPTesting
import XCTest

/// Raw-socket exchanges with a live server for the conformance and corpus tests: the router they
/// share and assertions on the answers and on whether the server closes the connection.
enum RawExchange {
    /// GET and POST /healthz answer "ok"; POST /echo echoes the body; POST /worker runs on a worker.
    static func router() -> Router {
        var router = Router()
        router.get("/healthz", execution: .inline) { _ in .text("ok") }
        router.post("/healthz", execution: .inline) { _ in .text("ok") }
        router.post("/echo") { context in HTTPResponse(bytes: context.request.body) }
        return router
    }

    /// Sends `request` on a new connection and asserts the statuses of the answers, in order; then
    /// asserts that the server closes the connection, or that it stays open and answers another request.
    static func assertAnswers(
        _ request: [UInt8], statuses: [Int], closes: Bool, client: HTTPTestClient,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let connection = try client.openConnection(timeoutSeconds: 3)
        try connection.send(request)
        for status in statuses {
            let response = try connection.readResponse()
            XCTAssertEqual(response.status.code, status, response.text, file: file, line: line)
            if status >= 400 && closes {
                XCTAssertEqual(response.headers["Connection"], "close", file: file, line: line)
            }
        }
        if closes {
            XCTAssertTrue(connection.isClosedByServer(), "the connection stayed open", file: file, line: line)
        } else {
            try connection.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().text, "ok", "the connection was not kept open", file: file, line: line)
        }
    }

    /// `assertAnswers` for a request given as text (bytes above 0x7F are sent as Latin-1).
    static func assertAnswers(
        _ request: String, statuses: [Int], closes: Bool, client: HTTPTestClient,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let bytes = request.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        try assertAnswers(bytes, statuses: statuses, closes: closes, client: client, file: file, line: line)
    }
}
