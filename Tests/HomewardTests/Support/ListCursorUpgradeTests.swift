import Foundation
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// A client that holds a location-history cursor of the form earlier releases wrote
/// (`<time>_<hash>`) carries on after an upgrade to the next page, the same one the current form
/// (`<time>.<hash>`) names.
final class ListCursorUpgradeTests: XCTestCase {
    func testHistoryCursorOfAnEarlierReleaseContinuesOnTheSamePage() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let caller = try test.app.authenticator.authenticate(token: anna.token)
        let now = test.clock.now()
        let samples = (0..<15).map { index in
            LocationSample(time: now.adding(milliseconds: Int64(index - 15) * 1000), lat: 51.5, lon: -0.12 + Double(index) * 1e-5)
        }
        _ = try IngestService(app: test.app).storeLocations(samples, of: caller)
        try test.withClient(.inProcess) { client in
            func page(_ query: String) throws -> (longitudes: [Double], next: String?) {
                let response = try client.execute(.get, "/v1/accounts/\(anna.id)/locations?limit=10" + query, headers: anna.auth)
                XCTAssertEqual(response.status, .ok, response.text)
                let body = try response.decode(API.HistoryPage.self)
                return (body.locations.map(\.lon), body.nextCursor)
            }
            let first = try page("")
            let cursor = try XCTUnwrap(first.next)
            XCTAssertEqual(cursor.split(separator: ".").count, 2, cursor)
            let current = try page("&cursor=\(cursor)")
            let earlier = try page("&cursor=\(cursor.replacingOccurrences(of: ".", with: "_"))")
            XCTAssertEqual(current.longitudes.count, 5)
            XCTAssertEqual(earlier.longitudes, current.longitudes)
            XCTAssertNil(earlier.next)
        }
    }
}
