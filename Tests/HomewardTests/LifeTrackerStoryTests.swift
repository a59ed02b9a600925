import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// Life_Tracker's home page over a real socket: one call gives the latest position, moving or still,
/// the zone, the distance from home, today's steps, the battery and when the phone was last heard.
final class LifeTrackerStoryTests: XCTestCase {
    private struct Home: Decodable {
        struct Location: Decodable { let lat: Double; let battery: Double? }
        struct Status: Decodable {
            let state: String
            let zone: String?
            let distanceFromHome: Double?
            let lastSeenAt: Timestamp?
            let lastSeenSeconds: Int?
        }
        struct Motion: Decodable { let steps: Int }
        let location: Location?
        let status: Status
        let motionToday: Motion
    }

    func testTheHomePageOfADependentAndOfOneselfInOneCall() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina")
        let anna = try test.makeAccount(name: "Anna")
        try test.link(guardian: gina, dependent: anna)
        let home = (lat: 51.5007, lon: -0.1246)
        try test.withClient { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: home.lat, lon: home.lon, radius: 100, home: true))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(anna.id)/zones", headers: gina.auth, body: zone).status, .created)
            let now = test.clock.now()
            let nowSeconds = Double(now.unixMilliseconds) / 1000
            let fix = API.LocationSample(t: nowSeconds, lat: home.lat + 500 / 111_320.0, lon: home.lon, accuracy: 6, speed: 1.4, battery: 64)
            XCTAssertEqual(try client.execute(.post, "/v1/locations", headers: anna.auth, body: JSONBody.encode(API.LocationBatch(samples: [fix]))).status, .ok)
            let steps = API.MotionBatch.Sample(t: nowSeconds, steps: 1200, activity: "walking")
            XCTAssertEqual(try client.execute(.post, "/v1/motion", headers: anna.auth, body: JSONBody.encode(API.MotionBatch(samples: [steps]))).status, .ok)
            test.clock.advance(bySeconds: 30)

            for viewer in [gina, anna] {
                let page = try client.execute(.get, "/v1/accounts/\(anna.id)/location", headers: viewer.auth).decode(Home.self)
                XCTAssertEqual(page.location?.battery, 64)
                XCTAssertEqual(page.status.state, "moving")
                XCTAssertNil(page.status.zone)
                XCTAssertEqual(try XCTUnwrap(page.status.distanceFromHome), 500, accuracy: 1)
                // Counted from the newest fix's own time.
                XCTAssertEqual(page.status.lastSeenSeconds, 30)
                XCTAssertEqual(page.status.lastSeenAt, now)
                XCTAssertEqual(page.motionToday.steps, 1200)
            }
        }
    }
}
