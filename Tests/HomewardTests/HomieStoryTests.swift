import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// Homie's story over a real socket: companions join with the traveller's name and access code, see
/// the trip from when they joined until it ends and the arrival itself, and a countdown's danger
/// tells them where the person was.
final class HomieStoryTests: XCTestCase {
    private struct Path: Decodable {
        struct Point: Decodable { let lat: Double }
        let locations: [Point]
    }

    private func post(_ client: HTTPTestClient, fixOf person: TestApp.Account, lat: Double, at time: Timestamp, accuracy: Double = 8) throws {
        let body = API.LocationBatch(samples: [API.LocationSample(t: Double(time.unixMilliseconds) / 1000, lat: lat, lon: 0, accuracy: accuracy)])
        let response = try client.execute(.post, "/v1/locations", headers: person.auth, body: JSONBody.encode(body))
        XCTAssertEqual(response.status, .ok, response.text)
    }

    func testCompanionsJoinWithTheTravellersNameAndTheCodeDecidesBetweenNamesakes() throws {
        let test = try TestApp()
        let first = try test.makeAccount(name: "Ada Lovelace")
        let second = try test.makeAccount(name: "Ada Lovelace")
        let ben = try test.makeAccount(name: "Ben")
        try test.withClient { client in
            let one = try test.startTrip(client, for: first)
            let two = try test.startTrip(client, for: second)
            func join(_ body: API.TripJoin) throws -> HTTPTestResponse {
                try client.execute(.post, "/v1/trips/join", headers: ben.auth, body: JSONBody.encode(body))
            }
            XCTAssertEqual(try join(API.TripJoin(name: "Ada Lovelace", accessCode: "not-a-code")).status, .forbidden)
            let joined = try join(API.TripJoin(name: "  ada lovelace ", accessCode: try XCTUnwrap(two.accessCode)))
            XCTAssertEqual(joined.status, .created, joined.text)
            XCTAssertEqual(try joined.decode(TripResource.self).id, two.id, "the code decides between namesakes")
            let both = try join(API.TripJoin(phone: first.phone, name: "Ada Lovelace", accessCode: try XCTUnwrap(one.accessCode)))
            XCTAssertEqual(both.status, .badRequest)
            XCTAssertEqual(try join(API.TripJoin(accessCode: try XCTUnwrap(one.accessCode))).status, .badRequest)
            XCTAssertEqual(try join(API.TripJoin(phone: first.phone, accessCode: try XCTUnwrap(one.accessCode))).status, .created)
        }
    }

    func testArrivalReachesEveryCompanionsFeedAndWebhookAndTheTripStaysReadOnly() throws {
        let test = try TestApp()
        let ada = try test.makeAccount(name: "Ada")
        let companions = [try test.makeAccount(name: "Ben"), try test.makeAccount(name: "Cleo")]
        try test.withClient { client in
            let trip = try test.startTrip(client, for: ada)
            for companion in companions {
                let hook = API.WebhookRequest(url: "http://127.0.0.1:9/hook", secret: "a-long-enough-secret")
                XCTAssertEqual(try client.execute(.put, "/v1/me/webhook", headers: companion.auth, body: JSONBody.encode(hook)).status, .ok)
                let joined = try client.execute(
                    .post, "/v1/trips/join", headers: companion.auth, body: JSONBody.encode(API.TripJoin(name: "Ada", accessCode: try XCTUnwrap(trip.accessCode))))
                XCTAssertEqual(joined.status, .created, joined.text)
            }
            try post(client, fixOf: ada, lat: 51.485, at: test.clock.now())
            XCTAssertEqual(try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: ada.auth).status, .ok)
            for companion in companions {
                let feed = try client.execute(.get, "/v1/alerts", headers: companion.auth).decode(API.AlertList.self)
                XCTAssertEqual(feed.alerts.map(\.type), [.arrived])
                let ended = try client.execute(.get, "/v1/trips/\(trip.id)", headers: companion.auth)
                XCTAssertEqual(try ended.decode(TripResource.self).status, .arrived)
                let path = try client.execute(.get, "/v1/trips/\(trip.id)/path", headers: companion.auth).decode(Path.self)
                XCTAssertEqual(path.locations.map(\.lat), [51.485])
                XCTAssertEqual(try client.execute(.post, "/v1/trips/\(trip.id)/events", headers: companion.auth, body: JSONBody.encode(API.TripEvent(type: "stopover"))).status, .notFound)
            }
        }
        let recipients: [AccountKey] = try test.app.database.read { db in
            try db.fetchAll(
                "SELECT d.recipient_key FROM alert_deliveries d JOIN alerts a ON a.key = d.alert_key WHERE a.type = 'arrived' ORDER BY d.recipient_key")
        }
        XCTAssertEqual(recipients, companions.map(\.key), "each companion's webhook gets the arrival")
    }

    func testACompanionSeesNothingOfTheTravellerFromBeforeTheyJoinedNorAfterTheTripEnded() throws {
        let test = try TestApp()
        let ada = try test.makeAccount(name: "Ada")
        let gina = try test.makeAccount(name: "Gina")
        let ben = try test.makeAccount(name: "Ben")
        try test.link(guardian: gina, dependent: ada)
        try test.withClient { client in
            let morning = try client.execute(.post, "/v1/alerts", headers: ada.auth, body: JSONBody.encode(API.SOS(message: "morning")))
            let morningID = try XCTUnwrap(try morning.decode(AlertResource.self).id)
            XCTAssertEqual(try client.execute(.post, "/v1/alerts/\(morningID)/acknowledge", headers: gina.auth).status, .ok)
            test.clock.advance(bySeconds: 3_600)
            let trip = try test.startTrip(client, for: ada)
            try post(client, fixOf: ada, lat: 51.481, at: test.clock.now())
            test.clock.advance(bySeconds: 60)
            XCTAssertEqual(try test.join(client, ada, as: ben, code: try XCTUnwrap(trip.accessCode)).status, .created)
            test.clock.advance(bySeconds: 60)
            try post(client, fixOf: ada, lat: 51.483, at: test.clock.now())
            XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: ada.auth, body: JSONBody.encode(API.SOS(message: "on the way"))).status, .created)
            test.clock.advance(bySeconds: 60)
            XCTAssertEqual(try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: ada.auth).status, .ok)
            test.clock.advance(bySeconds: 60)
            try post(client, fixOf: ada, lat: 51.489, at: test.clock.now())

            let feed = try client.execute(.get, "/v1/alerts", headers: ben.auth).decode(API.AlertList.self)
            XCTAssertEqual(feed.alerts.map(\.type), [.arrived, .sos])
            XCTAssertFalse(feed.alerts.map(\.id).contains(morningID), "this morning's SOS, handled by someone else, stays hidden")
            XCTAssertEqual(try client.execute(.post, "/v1/alerts/\(morningID)/acknowledge", headers: ben.auth).status, .notFound)
            let path = try client.execute(.get, "/v1/trips/\(trip.id)/path", headers: ben.auth).decode(Path.self)
            XCTAssertEqual(path.locations.map(\.lat), [51.483], "from when they joined until the trip ended")
            let ended = try client.execute(.get, "/v1/trips/\(trip.id)", headers: ben.auth).decode(TripResource.self)
            XCTAssertEqual(ended.progress?.lastLocation?.lat, 51.483, "no live position after the end")
            XCTAssertEqual(try client.execute(.get, "/v1/accounts/\(ada.id)/location", headers: ben.auth).status, .notFound)

            let guardianFeed = try client.execute(.get, "/v1/alerts", headers: gina.auth).decode(API.AlertList.self)
            XCTAssertEqual(guardianFeed.alerts.map(\.type), [.arrived, .sos, .sos], "a guardian sees everything")
        }
    }

    func testADangerAlertFromACountdownCarriesTheLastFixItsTimeAndAccuracy() throws {
        let test = try TestApp()
        let ada = try test.makeAccount(name: "Ada")
        let ben = try test.makeAccount(name: "Ben")
        let fixTime = test.clock.now().adding(milliseconds: -30_000)
        try test.app.startBackgroundWork()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: ada)
            XCTAssertEqual(try test.join(client, ada, as: ben, code: try XCTUnwrap(trip.accessCode)).status, .created)
            try post(client, fixOf: ada, lat: 51.4833, at: fixTime, accuracy: 7)
            let countdown = try client.execute(.post, "/v1/alerts/countdown", headers: ada.auth, body: JSONBody.encode(API.CountdownRequest(seconds: 15)))
            XCTAssertEqual(countdown.status, .created)
            test.clock.advance(bySeconds: 16)
            test.app.countdowns.fireDue()
            let feed = try client.execute(.get, "/v1/alerts", headers: ben.auth).decode(API.AlertList.self)
            let danger = try XCTUnwrap(feed.alerts.first { $0.type == .danger })
            XCTAssertEqual(danger.status, .open)
            XCTAssertEqual(danger.location?.lat, 51.4833)
            XCTAssertEqual(danger.location?.accuracy, 7)
            XCTAssertEqual(danger.location?.t, fixTime)
        }
    }
}
