import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

final class TripPathTests: XCTestCase {
    /// Posts `count` samples 8 s apart walking north along the walk home's route, from `startNorth`.
    private func walk(
        _ test: TestApp, _ client: HTTPTestClient, _ traveller: TestApp.Account, count: Int, startNorth: Double
    ) throws {
        var samples: [API.LocationSample] = []
        for index in 0..<count {
            test.clock.advance(bySeconds: 8)
            samples.append(API.LocationSample(
                t: Double(test.clock.now().unixMilliseconds) / 1000, lat: 51.48 + startNorth + Double(index) * 0.0001,
                lon: 0.0, accuracy: 5, speed: 1.4))
        }
        let response = try client.execute(.post, "/v1/locations", headers: traveller.auth, body: JSONBody.encode(API.LocationBatch(samples: samples)))
        XCTAssertEqual(response.status, .ok, response.text)
    }

    func testSamplesPostedToIngestMoveTheTripsProgress() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            try walk(test, client, traveller, count: 20, startNorth: 0.001)
            let shown = try client.execute(.get, "/v1/trips/\(trip.id)", headers: traveller.auth).decode(TripResource.self)
            let progress = try XCTUnwrap(shown.progress)
            XCTAssertEqual(progress.distanceRemaining, (0.01 - 0.0029) * 111_200, accuracy: 25)
            XCTAssertEqual(progress.lastLocation?.lat ?? 0, 51.4829, accuracy: 1e-9)
            XCTAssertFalse(progress.offRoute)
            XCTAssertEqual(progress.etaSeconds, progress.distanceRemaining / 1.4, accuracy: 60)
        }
    }

    func testThePathHoldsTheTripsLocationsAndEventsInEveryFormat() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount(name: "Ada")
        let stranger = try test.makeAccount()
        try test.withClient(.live) { client in
            try walk(test, client, traveller, count: 3, startNorth: -0.001)
            test.clock.advance(bySeconds: 60)
            let trip = try test.startTrip(client, for: traveller)
            try walk(test, client, traveller, count: 5, startNorth: 0)
            _ = try client.execute(.post, "/v1/trips/\(trip.id)/events", headers: traveller.auth, body: JSONBody.encode(API.TripEvent(type: "stopover")))
            _ = try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: traveller.auth)
            test.clock.advance(bySeconds: 60)
            try walk(test, client, traveller, count: 2, startNorth: 0.01)

            struct Path: Decodable {
                struct Location: Decodable { let lat: Double }
                let locations: [Location]
                let events: [TripEventResource]
                let nextCursor: String?
            }
            let path = try client.execute(.get, "/v1/trips/\(trip.id)/path", headers: traveller.auth)
            XCTAssertEqual(path.status, .ok, path.text)
            let decoded = try path.decode(Path.self)
            XCTAssertEqual(decoded.locations.count, 5, "only the fixes between the trip's start and its end")
            XCTAssertEqual(decoded.events.map(\.type), [.stopover])
            let page = try client.execute(.get, "/v1/trips/\(trip.id)/path?limit=2", headers: traveller.auth).decode(Path.self)
            XCTAssertEqual(page.locations.count, 2)
            XCTAssertNotNil(page.nextCursor)

            let geojson = try client.execute(.get, "/v1/trips/\(trip.id)/path?format=geojson", headers: traveller.auth)
            XCTAssertEqual(geojson.status, .ok)
            XCTAssertEqual(geojson.headers["Content-Type"], "application/geo+json")
            XCTAssertTrue(geojson.text.contains("LineString"))
            let gpx = try client.execute(.get, "/v1/trips/\(trip.id)/path?format=gpx", headers: traveller.auth)
            XCTAssertEqual(gpx.status, .ok)
            XCTAssertEqual(gpx.text.components(separatedBy: "<trkpt").count - 1, 5)

            XCTAssertEqual(try client.execute(.get, "/v1/trips/\(trip.id)/path", headers: stranger.auth).status, .notFound)
            XCTAssertEqual(try client.execute(.get, "/v1/trips/\(trip.id)/path").status, .unauthorized)
            XCTAssertEqual(
                try client.execute(.get, "/v1/trips/\(trip.id)/path?format=kml", headers: traveller.auth).status, .badRequest)
        }
    }
}
