@testable import HomewardHTTP
import XCTest

/// Which Content-Type values count as JSON for `RequestContext.decode`.
final class ContentTypeTests: XCTestCase {
    func testJSONMediaTypes() {
        for accepted in [
            "application/json", "application/json; charset=utf-8", "Application/JSON", " application/json ;charset=UTF-8",
            "application/geo+json", "application/vnd.api+JSON", "application/json\t",
        ] {
            XCTAssertTrue(RequestContext.isJSON(accepted), accepted)
        }
        for refused in [
            "", "text/json", "application/jsonp", "application/+json", "application/x-www-form-urlencoded", "json",
            "application/json-patch", "applicationjson", "application/", "text/plain; a=application/json",
        ] {
            XCTAssertFalse(RequestContext.isJSON(refused), refused)
        }
    }
}
