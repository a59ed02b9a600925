import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import Synchronization
import XCTest

/// GET /v1/events: live alert events for guardians and replay after a reconnect.
final class EventsTests: XCTestCase {
    func testGuardianStreamGetsAlertsAndResumesAfterLastEventID() throws {
        let test = try TestApp()
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        let stranger = try test.makeAccount(name: "Stranger")
        try test.link(guardian: guardian, dependent: person)
        try test.withClient(.live) { client in
            let stream = try open(client, as: guardian, lastEventID: nil)
            let strangerStream = try open(client, as: stranger, lastEventID: nil)
            XCTAssertEqual(test.app.eventStreams.openStreamCount, 2)
            _ = try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS(message: "one")))
            let first = try readEvent(stream)
            XCTAssertEqual(first.event, "alert")
            XCTAssertTrue(first.data.contains(#""message":"one""#), first.data)
            _ = try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS(message: "two")))
            _ = try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS(message: "three")))
            let resumed = try open(client, as: guardian, lastEventID: first.id)
            let missed = [try readEvent(resumed), try readEvent(resumed)]
            XCTAssertEqual(missed.map { $0.data.contains(#""message":"two""#) }, [true, false])
            XCTAssertTrue(missed[1].data.contains(#""message":"three""#))
            XCTAssertThrowsError(try readEvent(strangerStream, timeoutSeconds: 0.3), "a stranger hears nothing")
            XCTAssertEqual(try client.execute(.get, "/v1/events", headers: ["Connection": "close"]).status.code, 401)
        }
    }

    func testOldLastEventIDReplaysActiveAlertsFromTheDatabase() throws {
        let test = try TestApp()
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        try test.withClient(.live) { client in
            _ = try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS(message: "still open")))
            let stream = try open(client, as: guardian, lastEventID: 1)
            XCTAssertTrue(try readEvent(stream).data.contains("still open"))
        }
    }

    func testGuardianStreamGetsLocationEventsLiveAndReplayed() throws {
        let test = try TestApp()
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        let now = Double(test.clock.now().unixMilliseconds) / 1000
        func post(_ client: HTTPTestClient, lat: Double, secondsAgo: Double) throws {
            let body = API.LocationBatch(samples: [API.LocationSample(t: now - secondsAgo, lat: lat, lon: -0.12, accuracy: 8)])
            XCTAssertEqual(try client.execute(.post, "/v1/locations", headers: person.auth, body: JSONBody.encode(body)).status.code, 200)
        }
        try test.withClient(.live) { client in
            let stream = try open(client, as: guardian, lastEventID: nil)
            try post(client, lat: 51.5001, secondsAgo: 60)
            let live = try readEvent(stream)
            XCTAssertEqual(live.event, "location")
            XCTAssertTrue(live.data.contains(#""accountId":"\#(person.id)""#), live.data)
            XCTAssertTrue(live.data.contains(#""lat":51.5001"#), live.data)
            // Published while no stream watched: rendered when the reconnecting stream asks for it.
            try post(client, lat: 51.5002, secondsAgo: 30)
            let resumed = try open(client, as: guardian, lastEventID: live.id)
            let missed = try readEvent(resumed)
            XCTAssertEqual(missed.event, "location")
            XCTAssertTrue(missed.data.contains(#""lat":51.5002"#), missed.data)
        }
    }

    func testAnEventNobodyWatchesIsRenderedOnlyWhenReplayed() throws {
        let test = try TestApp()
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        let renders = Mutex(0)
        let hub = test.app.eventStreams
        try test.withClient(.live) { client in
            let now = Double(test.clock.now().unixMilliseconds) / 1000
            let fix = API.LocationBatch(samples: [API.LocationSample(t: now - 10, lat: 51.5, lon: -0.12, accuracy: 8)])
            XCTAssertEqual(try client.execute(.post, "/v1/locations", headers: person.auth, body: JSONBody.encode(fix)).status.code, 200)
            let before = try XCTUnwrap(hub.latestEventID)
            XCTAssertEqual(hub.openStreamCount, 0)
            hub.publish(AppEvent(kind: .location, subject: person.key) {
                renders.withLock { $0 += 1 }
                return Array(#"{"accountId":"x"}"#.utf8)
            })
            XCTAssertEqual(renders.withLock { $0 }, 0, "no stream watches the subject")
            let resumed = try open(client, as: guardian, lastEventID: String(before))
            XCTAssertEqual(try readEvent(resumed).data, #"{"accountId":"x"}"#)
            XCTAssertEqual(renders.withLock { $0 }, 1)
        }
    }

    func testHeartbeatEndsTheStreamOfARevokedSession() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        try test.withClient(.live) { client in
            let stream = try open(client, as: guardian, lastEventID: nil)
            try test.app.database.write { db in try db.execute("DELETE FROM sessions WHERE account_key = ?", guardian.key) }
            test.app.eventStreams.heartbeat()
            var text = ""
            while let chunk = try stream.readChunk() { text += String(decoding: chunk, as: UTF8.self) }
            XCTAssertTrue(text.contains(": heartbeat"))
            XCTAssertEqual(test.app.eventStreams.openStreamCount, 0)
        }
    }

    private func sos(_ client: HTTPTestClient, _ person: TestApp.Account, _ message: String) throws {
        XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS(message: message))).status.code, 201)
    }

    func testAnExGuardiansStreamStopsCarryingThePersonTheMomentTheLinkGoes() throws {
        let test = try TestApp()
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        try test.withClient(.live) { client in
            let stream = try open(client, as: guardian, lastEventID: nil)
            try sos(client, person, "before")
            let before = try readEvent(stream)
            XCTAssertTrue(before.data.contains("before"))
            let links = try client.execute(.get, "/v1/links", headers: person.auth).body
            let link = try XCTUnwrap(try JSONDecoder().decode(API.LinkList.self, from: Data(links)).guardians.first?.id)
            XCTAssertEqual(try client.execute(.delete, "/v1/links/\(link)", headers: person.auth).status.code, 204)
            try sos(client, person, "after")
            XCTAssertThrowsError(try readEvent(stream, timeoutSeconds: 0.5), "no heartbeat ran: the removal itself stopped the stream")
            let resumed = try open(client, as: guardian, lastEventID: before.id)
            XCTAssertThrowsError(try readEvent(resumed, timeoutSeconds: 0.5), "a replay does not cross the removal either")
        }
    }

    func testACompanionsStreamCarriesTheTripFromJoiningToItsArrivalOnly() throws {
        let test = try TestApp()
        let traveller = try test.makeAccount(name: "Traveller")
        let companion = try test.makeAccount(name: "Companion")
        try test.withClient(.live) { client in
            try sos(client, traveller, "this morning")
            let trip = try test.startTrip(client, for: traveller)
            test.clock.advance(bySeconds: 1)
            XCTAssertEqual(try test.join(client, traveller, as: companion, code: try XCTUnwrap(trip.accessCode)).status, .created)
            test.clock.advance(bySeconds: 1)
            let replayed = try open(client, as: companion, lastEventID: 1)
            XCTAssertThrowsError(try readEvent(replayed, timeoutSeconds: 0.5), "the morning's SOS is not the companion's")
            let stream = try open(client, as: companion, lastEventID: nil)
            try sos(client, traveller, "on the way")
            let onTheWay = try readEvent(stream)
            XCTAssertTrue(onTheWay.data.contains("on the way"), onTheWay.data)
            XCTAssertEqual(try client.execute(.post, "/v1/trips/\(trip.id)/arrive", headers: traveller.auth).status, .ok)
            var arrival: [String] = []
            while let event = try? readEvent(stream, timeoutSeconds: 0.5) { arrival.append(event.event + " " + event.data) }
            XCTAssertTrue(arrival.contains { $0.hasPrefix("alert") && $0.contains(#""type":"arrived""#) }, "\(arrival)")
            test.clock.advance(bySeconds: 1)
            let now = Double(test.clock.now().unixMilliseconds) / 1000
            let fix = JSONBody.encode(API.LocationBatch(samples: [API.LocationSample(t: now, lat: 51.49, lon: 0.0, accuracy: 8)]))
            XCTAssertEqual(try client.execute(.post, "/v1/locations", headers: traveller.auth, body: fix).status.code, 200)
            try sos(client, traveller, "at home")
            XCTAssertThrowsError(try readEvent(stream, timeoutSeconds: 0.5), "no position and no alert after the trip ended")
        }
    }

    func testOneAccountCannotHoldMoreThanItsShareOfEventStreams() throws {
        let test = try TestApp { $0.maxEventStreamsPerAccount = 2 }
        let greedy = try test.makeAccount(name: "Greedy")
        let other = try test.makeAccount(name: "Other")
        try test.withClient(.live) { client in
            let first = try open(client, as: greedy, lastEventID: nil)
            let second = try open(client, as: greedy, lastEventID: nil)
            let refused = try client.execute(.get, "/v1/events", headers: ["Authorization": "Bearer \(greedy.token)"])
            XCTAssertEqual(refused.status.code, 429, refused.text)
            XCTAssertNotNil(refused.headers["Retry-After"])
            _ = try open(client, as: other, lastEventID: nil)
            XCTAssertEqual(test.app.eventStreams.openStreamCount(of: greedy.key), 2)
            _ = (first, second)
        }
    }

    private func open(_ client: HTTPTestClient, as account: TestApp.Account, lastEventID: String?) throws -> HTTPTestConnection {
        try client.openEventStream(token: account.token, lastEventID: lastEventID)
    }

    private func open(_ client: HTTPTestClient, as account: TestApp.Account, lastEventID: Int) throws -> HTTPTestConnection {
        try open(client, as: account, lastEventID: String(lastEventID))
    }

    /// The next event of the stream (comments and the retry line are skipped).
    private func readEvent(_ connection: HTTPTestConnection, timeoutSeconds: Double = 3) throws -> (id: String, event: String, data: String) {
        let event = try connection.readEvent(timeoutSeconds: timeoutSeconds)
        return (event.id, event.event, event.data)
    }
}
