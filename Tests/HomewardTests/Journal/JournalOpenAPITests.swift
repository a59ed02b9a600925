import XCTest
@testable import Homeward

final class JournalOpenAPITests: XCTestCase {
    func testEveryJournalEpisodeAndShareRouteIsDescribed() {
        let document = Schema.openAPI
        let routes: [(path: String, methods: [String])] = [
            ("/v1/journal", ["post", "get"]), ("/v1/journal/{id}", ["delete"]), ("/v1/journal/daily", ["get"]),
            ("/v1/episodes", ["post", "get"]), ("/v1/episodes/{id}", ["patch", "delete"]), ("/v1/episodes/stats", ["get"]),
            ("/v1/conditions", ["post"]), ("/v1/shares", ["post"]), ("/v1/shares/{token}", ["delete"]),
            ("/v1/shared/{token}/episodes", ["get"]), ("/v1/shared/{token}/locations", ["get"]),
        ]
        for route in routes {
            guard let start = document.range(of: "\n  \(route.path):\n") else {
                XCTFail("\(route.path) is missing from openapi.yaml")
                continue
            }
            let rest = "\n" + document[start.upperBound...]
            let end = rest.range(of: "\n  /")?.lowerBound ?? rest.endIndex
            for method in route.methods {
                XCTAssertTrue(rest[..<end].contains("\n    \(method):\n"), "\(method) \(route.path)")
            }
        }
    }
}
