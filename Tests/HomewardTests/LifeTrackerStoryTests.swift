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
        // Today's steps are today's: at noon (UTC, the page's day without `tz`) the half minute the
        // story waits never carries it into tomorrow.
        test.setClockToNoon()
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

    /// The seed's story: thirteen minutes walking round a fountain on a 32 m circle (a ~200 m lap at
    /// 1.05 m/s, a fix every 5 s, 4 m of noise, 12 m accuracy), the first ten sent as the phone's
    /// offline buffer and the last three live: the status shows lapping, and the guardian has the alert.
    func testWalkingRoundAFountainShowsAsWanderingWithinTheStory() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina")
        let anna = try test.makeAccount(name: "Anna")
        try test.link(guardian: gina, dependent: anna)
        let fountain = (lat: 51.5246, lon: -0.1340)
        let radius = 200 / (2 * Double.pi)
        // Repeatable noise within 7 m.
        var generator = SeededNoise(seed: 0x9E37_79B9_7F4A_7C15)
        func noise() -> Double { generator.next(within: 7) }
        let start = Double(test.clock.now().unixMilliseconds) / 1000
        let samples = (0..<156).map { index -> API.LocationSample in
            let elapsed = Double(index) * 5
            let angle = elapsed * 1.05 / radius
            let north = radius * sin(angle) + noise(), east = radius * cos(angle) + noise()
            return API.LocationSample(
                t: start + elapsed, lat: fountain.lat + north / 111_320,
                lon: fountain.lon + east / (111_320 * cos(fountain.lat * .pi / 180)), accuracy: 12)
        }
        try test.withClient { client in
            // Home 330 m south of the fountain: within the far-from-home distance, so no hour of the day matters.
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: 51.5216, lon: -0.1340, radius: 150, home: true))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(anna.id)/zones", headers: gina.auth, body: zone).status, .created)
            test.clock.advance(bySeconds: 600)
            let buffered = Array(samples.prefix(120))
            XCTAssertEqual(try client.execute(
                .post, "/v1/locations", headers: anna.auth, body: JSONBody.encode(API.LocationBatch(samples: buffered))).status, .ok)
            for sample in samples.dropFirst(120) {
                test.clock.advance(bySeconds: 5)
                XCTAssertEqual(try client.execute(
                    .post, "/v1/locations", headers: anna.auth, body: JSONBody.encode(API.LocationBatch(samples: [sample]))).status, .ok)
            }
            let page = try client.execute(.get, "/v1/accounts/\(anna.id)/location", headers: gina.auth).decode(API.Person.self)
            XCTAssertEqual(page.status.wandering.value?.pattern, "lapping", "the status shows the laps")
            let alerts = try client.execute(.get, "/v1/alerts", headers: gina.auth).decode(API.AlertList.self).alerts
            XCTAssertTrue(alerts.contains { $0.type == .wandering && $0.message?.contains("lapping") == true }, "\(alerts)")
        }
    }

    /// Pacing to and fro along a 15 m path by the fountain (1.05 m/s, a fix every 5 s, 4 m of Gaussian
    /// noise, 12 m accuracy), after three minutes walking there, posted live: the status shows pacing and the
    /// guardian has the alert within 6 back-and-forths (a 15 m corridor is walked in three fixes; its
    /// rhythm tells it, `CorridorRhythm`).
    func testPacingAShortPathShowsAsWanderingWithinSixBackAndForths() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina")
        let anna = try test.makeAccount(name: "Anna")
        try test.link(guardian: gina, dependent: anna)
        let fountain = (lat: 51.5246, lon: -0.1340)
        // Repeatable Gaussian noise of 4 m.
        var generator = SeededNoise(seed: 0x2545_F491_4F6C_DD1D)
        func noise() -> Double { generator.gaussian(sigma: 4) }
        func sample(north: Double, east: Double, at t: Double) -> API.LocationSample {
            API.LocationSample(
                t: t, lat: fountain.lat + (north + noise()) / 111_320,
                lon: fountain.lon + (east + noise()) / (111_320 * cos(fountain.lat * .pi / 180)), accuracy: 12)
        }
        let start = Double(test.clock.now().unixMilliseconds) / 1000
        let walkIn = (0..<36).map { sample(north: -200 + Double($0) * 5.25, east: 0, at: start + Double($0) * 5) }
        let pacingFrom = start + 180
        let backAndForth = 2 * 15 / 1.05
        try test.withClient { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: 51.5216, lon: -0.1340, radius: 150, home: true))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(anna.id)/zones", headers: gina.auth, body: zone).status, .created)
            test.clock.advance(bySeconds: 180)
            XCTAssertEqual(try client.execute(
                .post, "/v1/locations", headers: anna.auth, body: JSONBody.encode(API.LocationBatch(samples: walkIn))).status, .ok)
            var toldAfter: Double?
            for index in 0..<Int(8 * backAndForth / 5) {
                let elapsed = Double(index) * 5
                let travelled = (elapsed * 1.05).truncatingRemainder(dividingBy: 30)
                let along = travelled < 15 ? travelled : 30 - travelled
                test.clock.advance(bySeconds: 5)
                let fix = sample(north: 0, east: along - 7.5, at: pacingFrom + elapsed)
                XCTAssertEqual(try client.execute(
                    .post, "/v1/locations", headers: anna.auth, body: JSONBody.encode(API.LocationBatch(samples: [fix]))).status, .ok)
                let page = try client.execute(.get, "/v1/accounts/\(anna.id)/location", headers: gina.auth).decode(API.Person.self)
                if page.status.wandering.value?.pattern == "pacing" { toldAfter = elapsed; break }
            }
            let told = try XCTUnwrap(toldAfter, "the status never showed pacing")
            XCTAssertLessThanOrEqual(told / backAndForth, 6)
            let alerts = try client.execute(.get, "/v1/alerts", headers: gina.auth).decode(API.AlertList.self).alerts
            XCTAssertTrue(alerts.contains { $0.type == .wandering && $0.message?.contains("pacing") == true }, "\(alerts)")
        }
    }
}
