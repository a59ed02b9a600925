import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

final class TripAccessTests: XCTestCase {
    /// Every trip endpoint that names a trip, as (method, path suffix, body).
    private let endpoints: [(HTTPMethod, String, [UInt8])] = [
        (.get, "", []),
        (.post, "/events", JSONBody.encode(API.TripEvent(type: "stopover"))),
        (.post, "/arrive", []),
        (.delete, "", []),
    ]

    func testStrangersExGuardiansAndBadTokensCannotReachATrip() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        let stranger = try test.makeAccount()
        let exGuardian = try test.makeAccount()
        let revoked = try test.makeAccount()
        let expired = try test.makeAccount()
        try test.link(guardian: exGuardian, dependent: traveller)
        try test.app.database.write { db in
            try db.execute("DELETE FROM links WHERE guardian_key = ?", exGuardian.key)
            try db.execute("DELETE FROM sessions WHERE account_key = ?", revoked.key)
            try db.execute("UPDATE sessions SET expires_at_ms = created_at_ms + 1 WHERE account_key = ?", expired.key)
        }
        test.clock.advance(bySeconds: 1)
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            for (method, suffix, body) in endpoints {
                let path = "/v1/trips/\(trip.id)\(suffix)"
                for caller in [stranger, exGuardian] {
                    let response = try client.execute(method, path, headers: caller.auth, body: body)
                    XCTAssertEqual(response.status, .notFound, "\(method) \(path)")
                }
                for caller in [revoked, expired] {
                    let response = try client.execute(method, path, headers: caller.auth, body: body)
                    XCTAssertEqual(response.status, .unauthorized, "\(method) \(path)")
                }
                let anonymous = try client.execute(method, path, headers: ["Content-Type": "application/json"], body: body)
                XCTAssertEqual(anonymous.status, .unauthorized, "\(method) \(path)")
            }
            let unknown = try client.execute(.get, "/v1/trips/\(SecureRandom.identifier())", headers: traveller.auth)
            XCTAssertEqual(unknown.status, .notFound)
            for caller in [stranger, exGuardian] {
                let list = try client.execute(.get, "/v1/trips", headers: caller.auth).decode(TripList.self)
                XCTAssertEqual(list.trips, [])
            }
            XCTAssertEqual(try client.execute(.get, "/v1/trips").status, .unauthorized)
            XCTAssertEqual(try client.execute(.post, "/v1/trips", body: JSONBody.encode(API.TripRequest.walkHome)).status, .unauthorized)
        }
    }

    func testGuardiansSeeButCannotChangeTheirDependentsTrips() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        let guardian = try test.makeAccount()
        try test.link(guardian: guardian, dependent: traveller)
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            XCTAssertEqual(try client.execute(.get, "/v1/trips/\(trip.id)", headers: guardian.auth).status, .ok)
            for (method, suffix, body) in endpoints.dropFirst() {
                let response = try client.execute(method, "/v1/trips/\(trip.id)\(suffix)", headers: guardian.auth, body: body)
                XCTAssertEqual(response.status, .notFound, "\(method) \(suffix)")
            }
            _ = try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: traveller.auth)
            XCTAssertEqual(
                try client.execute(.get, "/v1/trips/\(trip.id)", headers: guardian.auth).status, .ok,
                "guardians keep seeing arrived trips")
        }
    }

    func testCompanionsWatchTheTravellerOnlyWhileTheTripIsActiveAndReadTheTripAfterwards() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount()
        let companion = try test.makeAccount()
        try test.withClient { client in
            let trip = try test.startTrip(client, for: traveller)
            let joined = try test.join(client, traveller, as: companion, code: try XCTUnwrap(trip.accessCode))
            XCTAssertEqual(joined.status, .created, joined.text)
            XCTAssertEqual(try joined.decode(TripResource.self).id, trip.id)

            XCTAssertEqual(try client.execute(.get, "/v1/trips/\(trip.id)", headers: companion.auth).status, .ok)
            let listed = try client.execute(.get, "/v1/trips", headers: companion.auth).decode(TripList.self)
            XCTAssertEqual(listed.trips.map(\.id), [trip.id])
            let policy = test.app.accessPolicy
            let caller = Caller(accountKey: companion.key, accountID: companion.id, sessionID: nil)
            try test.app.database.read { db in
                XCTAssertEqual(try policy.relationships(of: caller, to: traveller.key, in: db), [.companion])
                XCTAssertEqual(try policy.watchers(of: traveller.key, in: db), [companion.key])
            }
            for (method, suffix, body) in endpoints.dropFirst() {
                let response = try client.execute(method, "/v1/trips/\(trip.id)\(suffix)", headers: companion.auth, body: body)
                XCTAssertEqual(response.status, .notFound, "companions watch, they do not act: \(method) \(suffix)")
            }

            _ = try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: traveller.auth)
            let ended = try client.execute(.get, "/v1/trips/\(trip.id)", headers: companion.auth)
            XCTAssertEqual(ended.status, .ok, "an arrived trip stays readable by its companions")
            XCTAssertEqual(try ended.decode(TripResource.self).status, .arrived)
            XCTAssertEqual(try client.execute(.get, "/v1/trips", headers: companion.auth).decode(TripList.self).trips.map(\.id), [trip.id])
            for (method, suffix, body) in endpoints.dropFirst() {
                let response = try client.execute(method, "/v1/trips/\(trip.id)\(suffix)", headers: companion.auth, body: body)
                XCTAssertEqual(response.status, .notFound, "read-only after arrival: \(method) \(suffix)")
            }
            try test.app.database.read { db in
                XCTAssertEqual(try policy.relationships(of: caller, to: traveller.key, in: db), [])
                XCTAssertEqual(try policy.watchers(of: traveller.key, in: db), [])
            }
        }
    }
}
