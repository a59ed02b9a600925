import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

final class HistoryTests: XCTestCase {
    /// Stores `count` fixes one second apart along a straight line heading east, ending now.
    private func seed(_ test: TestApp, _ account: TestApp.Account, count: Int) throws {
        let caller = try test.app.authenticator.authenticate(token: account.token)
        let now = test.clock.now()
        let samples = (0..<count).map { index in
            LocationSample(
                time: now.adding(milliseconds: Int64(index - count) * 1000), lat: 51.5, lon: -0.12 + Double(index) * 1e-5,
                altitudeMetres: 20)
        }
        for chunk in stride(from: 0, to: samples.count, by: 1000) {
            _ = try IngestService(app: test.app).storeLocations(Array(samples[chunk..<min(chunk + 1000, samples.count)]), of: caller)
        }
    }

    func testJSONHistoryPagesWithACursorOldestFirst() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try seed(test, anna, count: 25)
        try test.withClient(.inProcess) { client in
            var cursor: String?
            var longitudes: [Double] = []
            repeat {
                let target = "/v1/accounts/\(anna.id)/locations?limit=10" + (cursor.map { "&cursor=\($0)" } ?? "")
                let response = try client.execute(.get, target, headers: anna.auth)
                XCTAssertEqual(response.status, .ok, response.text)
                let page = try response.decode(API.HistoryPage.self)
                longitudes += page.locations.map(\.lon)
                cursor = page.nextCursor
            } while cursor != nil
            XCTAssertEqual(longitudes.count, 25)
            XCTAssertEqual(longitudes, longitudes.sorted())
            XCTAssertEqual(try client.execute(.get, "/v1/accounts/\(anna.id)/locations?limit=1001", headers: anna.auth).status, .badRequest)
            XCTAssertEqual(try client.execute(.get, "/v1/accounts/\(anna.id)/locations?cursor=zz", headers: anna.auth).status, .badRequest)
        }
    }

    func testAReversedOrFutureRangeIsEmptyNotAnError() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try seed(test, anna, count: 5)
        try test.withClient(.inProcess) { client in
            for range in ["from=2000-01-01T00:00:00Z&to=0", "from=9999999999", "to=-5"] {
                let response = try client.execute(.get, "/v1/accounts/\(anna.id)/locations?\(range)", headers: anna.auth)
                XCTAssertEqual(response.status, .ok, range)
                XCTAssertEqual(try response.decode(API.HistoryPage.self).locations.count, 0, range)
            }
            let all = try client.execute(.get, "/v1/accounts/\(anna.id)/locations", headers: anna.auth)
            XCTAssertEqual(try all.decode(API.HistoryPage.self).locations.count, 5)
        }
    }

    func testSimplifyKeepsTheEndsOfAStraightTrack() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try seed(test, anna, count: 50)
        try test.withClient(.inProcess) { client in
            let response = try client.execute(.get, "/v1/accounts/\(anna.id)/locations?limit=1000&simplify=5", headers: anna.auth)
            let longitudes = try response.decode(API.HistoryPage.self).locations.map(\.lon)
            XCTAssertEqual(longitudes.count, 2)
            XCTAssertEqual(longitudes.first ?? 0, -0.12, accuracy: 1e-9)
        }
    }

    func testGeoJSONExportIsOneStreamedLineString() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna \"A\"")
        try seed(test, anna, count: 2500)
        try test.withClient(.live) { client in
            var headers = anna.auth
            headers.add(name: "Connection", value: "close")
            let response = try client.execute(.get, "/v1/accounts/\(anna.id)/locations?format=geojson", headers: headers)
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.headers["Content-Type"], "application/geo+json")
            XCTAssertEqual(response.headers["Transfer-Encoding"], "chunked")
            let feature = try XCTUnwrap(try response.decode(GeoJSONTrack.self).features.first)
            XCTAssertEqual(feature.properties.name, "Anna \"A\"")
            XCTAssertEqual(feature.geometry.type, "LineString")
            let coordinates = feature.geometry.coordinates
            XCTAssertEqual(coordinates.count, 2500)
            XCTAssertEqual(coordinates[0], [-0.12, 51.5, 20])
        }
    }

    func testGPXExportIsAValidGPX11Track() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna & <Co>")
        try seed(test, anna, count: 30)
        try test.withClient(.live) { client in
            var headers = anna.auth
            headers.add(name: "Connection", value: "close")
            let response = try client.execute(.get, "/v1/accounts/\(anna.id)/locations?format=gpx", headers: headers)
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.headers["Content-Type"], "application/gpx+xml")
            let document = try XMLDocument(data: Data(response.body))
            let root = try XCTUnwrap(document.rootElement())
            XCTAssertEqual(root.name, "gpx")
            XCTAssertEqual(root.attributes?.first { $0.name == "version" }?.stringValue, "1.1")
            XCTAssertEqual(root.uri, "http://www.topografix.com/GPX/1/1")
            let points = try root.nodes(forXPath: "//*[local-name()='trkpt']")
            XCTAssertEqual(points.count, 30)
            XCTAssertEqual(try root.nodes(forXPath: "//*[local-name()='trk']/*[local-name()='name']").first?.stringValue, "Anna & <Co>")
            let first = try XCTUnwrap(points.first as? XMLElement)
            XCTAssertEqual(first.attributes?.first { $0.name == "lat" }?.stringValue, "51.5")
            XCTAssertEqual(first.children?.map { $0.name ?? "" }, ["ele", "time"])
        }
    }
}
