import HomewardHTTP
import HomewardHTTPTesting
import XCTest

final class HTTPMetricsTests: XCTestCase {
    func testPrometheusTextCountsRequestsByRouteAndStatus() throws {
        var router = Router()
        router.get("/items/{id}", execution: .inline) { _ in .text("item") }
        try HTTPTestClient.withServer(router, mode: .live) { client in
            _ = try client.execute(.get, "/items/1")
            _ = try client.execute(.get, "/items/2")
            _ = try client.execute(.get, "/missing")
            let metrics = try XCTUnwrap(client.server?.metrics)
            XCTAssertEqual(metrics.requestCount(method: .get, template: "/items/{id}", status: 200), 2)
            let text = metrics.renderPrometheus()
            XCTAssertTrue(text.contains(#"homeward_http_requests_total{method="GET",route="/items/{id}",status="200"} 2"#), text)
            XCTAssertTrue(text.contains(#"homeward_http_requests_total{method="GET",route="unmatched",status="404"} 1"#), text)
            XCTAssertTrue(text.contains(#"homeward_http_request_duration_seconds_bucket{le="+Inf"} 3"#), text)
            XCTAssertTrue(text.contains("homeward_http_open_connections 1"), text)
            XCTAssertTrue(text.contains("# TYPE homeward_http_request_duration_seconds histogram"), text)
        }
    }
}
