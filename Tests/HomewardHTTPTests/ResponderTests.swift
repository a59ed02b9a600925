import HomewardHTTP
import HomewardHTTPTesting
import XCTest

final class ResponderTests: XCTestCase {
    private struct Sample: Codable, Equatable {
        let lat: Double
        let lon: Double
    }

    private struct Batch: Codable, Equatable {
        let samples: [Sample]
    }

    private struct Failure: Error {}

    private func router() -> Router {
        var router = Router()
        router.post("/batch") { context in .json(try context.decode(Batch.self), status: .created) }
        router.get("/big") { _ in .text(String(repeating: "homeward ", count: 400)) }
        router.get("/small") { _ in .text("tiny") }
        router.get("/boom") { _ in throw Failure() }
        router.get("/teapot") { _ in throw HTTPError(status: .conflict, code: "conflict", message: "No \"tea\".", field: "pot") }
        router.post("/echo") { context in HTTPResponse(bytes: context.request.body) }
        return router
    }

    private let json: HTTPHeaders = ["Content-Type": "application/json; charset=utf-8"]

    func testJSONBodyDecodesAndEncodes() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            let response = try client.execute(.post, "/batch", headers: json, body: Array(#"{"samples":[{"lat":1.5,"lon":2}]}"#.utf8))
            XCTAssertEqual(response.status, .created)
            XCTAssertEqual(response.headers["Content-Type"], "application/json; charset=utf-8")
            XCTAssertEqual(try response.decode(Batch.self), Batch(samples: [Sample(lat: 1.5, lon: 2)]))
        }
    }

    func testWrongTypeNamesTheFieldAsJSONPath() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            let body = #"{"samples":[{"lat":1,"lon":2},{"lat":1,"lon":2},{"lat":1,"lon":2},{"lat":"x","lon":2}]}"#
            let response = try client.execute(.post, "/batch", headers: json, body: Array(body.utf8))
            XCTAssertEqual(response.status, .badRequest)
            XCTAssertEqual(response.errorCode, "invalid_request")
            XCTAssertTrue(response.text.contains(#""field":"samples[3].lat""#), response.text)
        }
    }

    func testMissingKeyNamesTheField() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            let response = try client.execute(.post, "/batch", headers: json, body: Array(#"{"samples":[{"lat":1}]}"#.utf8))
            XCTAssertTrue(response.text.contains(#""field":"samples[0].lon""#), response.text)
        }
    }

    func testMalformedOrEmptyJSONAnswers400() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            XCTAssertEqual(try client.execute(.post, "/batch", headers: json, body: Array("{".utf8)).status, .badRequest)
            XCTAssertEqual(try client.execute(.post, "/batch", headers: json).status, .badRequest)
        }
    }

    func testNonJSONContentTypeAnswers415() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            let response = try client.execute(.post, "/batch", headers: ["Content-Type": "text/plain"], body: Array("{}".utf8))
            XCTAssertEqual(response.status, .unsupportedMediaType)
            XCTAssertEqual(response.errorCode, "unsupported_media_type")
        }
    }

    func testUnexpectedErrorsBecome500WithoutDetails() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            let response = try client.execute(.get, "/boom")
            XCTAssertEqual(response.status, .internalServerError)
            XCTAssertEqual(response.text, #"{"error":{"code":"internal","message":"An internal error occurred."}}"#)
        }
    }

    func testHTTPErrorRendersTheEnvelopeWithField() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            let response = try client.execute(.get, "/teapot")
            XCTAssertEqual(response.status, .conflict)
            XCTAssertEqual(response.text, #"{"error":{"code":"conflict","message":"No \"tea\".","field":"pot"}}"#)
        }
    }

    func testGzipRequestBodyIsInflated() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            let original = Array(String(repeating: "abc", count: 1000).utf8)
            let response = try client.execute(.post, "/echo", headers: ["Content-Encoding": "gzip"], body: Gzip.compress(original))
            XCTAssertEqual(response.body, original)
        }
    }

    func testGzipBombAnswers413() throws {
        var configuration = HTTPServerConfiguration.testing
        configuration.maxDecodedBodyBytes = 100_000
        try HTTPTestClient.withServer(router(), mode: .inProcess, configuration: configuration) { client in
            let bomb = Gzip.compress([UInt8](repeating: 0, count: 1_000_000))
            XCTAssertLessThan(bomb.count, 2_000)
            let response = try client.execute(.post, "/echo", headers: ["Content-Encoding": "gzip"], body: bomb)
            XCTAssertEqual(response.status, .payloadTooLarge)
            XCTAssertEqual(response.errorCode, "payload_too_large")
        }
    }

    func testCorruptGzipAnswers400() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            var corrupt = Gzip.compress(Array("hello hello hello".utf8))
            corrupt[12] ^= 0xFF
            XCTAssertEqual(try client.execute(.post, "/echo", headers: ["Content-Encoding": "gzip"], body: corrupt).status, .badRequest)
            let truncated = Array(Gzip.compress(Array("hello".utf8)).prefix(8))
            XCTAssertEqual(try client.execute(.post, "/echo", headers: ["Content-Encoding": "gzip"], body: truncated).status, .badRequest)
        }
    }

    func testOtherContentEncodingsAnswer415() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            XCTAssertEqual(try client.execute(.post, "/echo", headers: ["Content-Encoding": "br"], body: [1]).status, .unsupportedMediaType)
        }
    }

    func testLargeResponsesAreGzippedWhenAccepted() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            let response = try client.execute(.get, "/big", headers: ["Accept-Encoding": "br;q=1.0, gzip;q=0.5"])
            XCTAssertEqual(response.headers["Content-Encoding"], "gzip")
            XCTAssertEqual(response.headers["Vary"], "Accept-Encoding")
            XCTAssertEqual(String(decoding: try Gzip.decompress(response.body, limitBytes: 1 << 20), as: UTF8.self), String(repeating: "homeward ", count: 400))
        }
    }

    func testGzipWithZeroQualityIsNotUsed() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            XCTAssertNil(try client.execute(.get, "/big", headers: ["Accept-Encoding": "gzip;q=0"]).headers["Content-Encoding"])
            XCTAssertNil(try client.execute(.get, "/big", headers: ["Accept-Encoding": "*;q=1, gzip;q=0"]).headers["Content-Encoding"])
            XCTAssertEqual(try client.execute(.get, "/big", headers: ["Accept-Encoding": "*"]).headers["Content-Encoding"], "gzip")
            XCTAssertNil(try client.execute(.get, "/big").headers["Content-Encoding"])
        }
    }

    func testSmallResponsesAreNotGzipped() throws {
        try HTTPTestClient.withServer(router(), mode: .inProcess) { client in
            XCTAssertNil(try client.execute(.get, "/small", headers: ["Accept-Encoding": "gzip"]).headers["Content-Encoding"])
        }
    }
}
