import HomewardHTTP
import HomewardHTTPTesting
import XCTest

final class RouterTests: XCTestCase {
    private func echoRouter() -> Router {
        var router = Router()
        router.get("/") { _ in .text("root") }
        router.get("/v1/accounts/{id}/locations") { context in .text("locations of \(try context.parameter("id"))") }
        router.get("/v1/accounts/{id}") { context in .text("account \(try context.parameter("id"))") }
        router.post("/v1/accounts") { _ in .text("created", status: .created) }
        router.get("/v1/accounts/me") { _ in .text("me") }
        router.delete("/v1/links/{id}") { _ in HTTPResponse(status: .noContent) }
        router.get("/search") { context in
            .text(context.query.pairs.map { "\($0.name)=\($0.value)" }.joined(separator: "|"))
        }
        return router
    }

    func testParametersAreExtractedAndPercentDecoded() throws {
        try HTTPTestClient.withServer(echoRouter(), mode: .inProcess) { client in
            XCTAssertEqual(try client.execute(.get, "/v1/accounts/a%20b/locations").text, "locations of a b")
            XCTAssertEqual(try client.execute(.get, "/v1/accounts/x%2Fy").text, "account x/y")
        }
    }

    func testLiteralSegmentsWinOverParameters() throws {
        try HTTPTestClient.withServer(echoRouter(), mode: .inProcess) { client in
            XCTAssertEqual(try client.execute(.get, "/v1/accounts/me").text, "me")
            XCTAssertEqual(try client.execute(.get, "/v1/accounts/mine").text, "account mine")
        }
    }

    func testRootPathMatches() throws {
        try HTTPTestClient.withServer(echoRouter(), mode: .inProcess) { client in
            XCTAssertEqual(try client.execute(.get, "/").text, "root")
        }
    }

    func testUnknownPathAnswers404Envelope() throws {
        try HTTPTestClient.withServer(echoRouter(), mode: .inProcess) { client in
            let response = try client.execute(.get, "/v1/nothing")
            XCTAssertEqual(response.status, .notFound)
            XCTAssertEqual(response.errorCode, "not_found")
            XCTAssertEqual(try client.execute(.get, "/v1/accounts/").status, .notFound)
        }
    }

    func testKnownPathWithOtherMethodAnswers405WithAllow() throws {
        try HTTPTestClient.withServer(echoRouter(), mode: .inProcess) { client in
            let response = try client.execute(.put, "/v1/accounts/7")
            XCTAssertEqual(response.status, .methodNotAllowed)
            XCTAssertEqual(response.headers["Allow"], "GET, HEAD")
            XCTAssertEqual(response.errorCode, "method_not_allowed")
            XCTAssertEqual(try client.execute(.get, "/v1/links/3").headers["Allow"], "DELETE")
        }
    }

    func testHeadIsServedByGetRoutesWithoutBody() throws {
        try HTTPTestClient.withServer(echoRouter(), mode: .inProcess) { client in
            let response = try client.execute(.head, "/v1/accounts/7")
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.body, [])
        }
    }

    func testMalformedPercentEscapeInPathAnswers400() throws {
        try HTTPTestClient.withServer(echoRouter(), mode: .inProcess) { client in
            XCTAssertEqual(try client.execute(.get, "/v1/accounts/%zz").status, .badRequest)
        }
    }

    func testQueryIsDecodedWithPlusAsSpaceAndRepeatedKeys() throws {
        try HTTPTestClient.withServer(echoRouter(), mode: .inProcess) { client in
            XCTAssertEqual(try client.execute(.get, "/search?a=1&b=x%20y&a=2&c=d+e&flag").text, "a=1|b=x y|a=2|c=d e|flag=")
            XCTAssertEqual(try client.execute(.get, "/search?a=%2").status, .badRequest)
        }
    }

    func testQueryParametersLookUpFirstAndAllValues() throws {
        let query = try QueryParameters(parsing: "limit=10&tag=a&tag=b%2Bc")
        XCTAssertEqual(query["limit"], "10")
        XCTAssertEqual(query.values(for: "tag"), ["a", "b+c"])
        XCTAssertNil(query["cursor"])
    }

    func testResolutionReportsTemplate() {
        let router = echoRouter()
        guard case .matched(let route, let parameters) = router.resolve(.get, path: "/v1/accounts/42/locations") else {
            return XCTFail("no match")
        }
        XCTAssertEqual(route.template, "/v1/accounts/{id}/locations")
        XCTAssertEqual(parameters, ["id": "42"])
    }
}
