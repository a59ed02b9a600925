import Foundation
import Synchronization
@testable import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import XCTest

/// Two nodes on one PostgreSQL database: what one node stores and decides reaches the streams open
/// on the other, and a viewer whose access ends on one node loses it on the other at once.
final class ClusterRelayTests: XCTestCase {
    func testAFixPostedToOneNodeReachesAStreamOnTheOtherAndAnEndedLinkStopsItThere() throws {
        let (nodeA, nodeB, person, guardian) = try listeningNodes()
        defer { try? nodeB.close() }
        func post(_ client: HTTPTestClient, lat: Double, secondsAgo: Double) throws {
            try postFix(of: person, through: client, on: nodeA, lat: lat, secondsAgo: secondsAgo)
        }
        try HTTPTestClient.withServer(nodeB.makeRouter(), mode: .live, configuration: .testing) { clientB in
            let stream = try clientB.openEventStream(token: guardian.token)
            try nodeA.withClient { clientA in
                try post(clientA, lat: 51.5001, secondsAgo: 60)
                // The goal is within 1 s; the wait is generous for a loaded machine.
                let event = try stream.readEvent(timeoutSeconds: 10)
                XCTAssertEqual(event.event, "location")
                XCTAssertTrue(event.data.contains(#""lat":51.5001"#), event.data)

                let links = try clientA.send(.get, "/v1/links", token: person.token).decode(LinkList.self)
                let link = try XCTUnwrap(links.guardians.first { $0.guardian.id == guardian.id })
                XCTAssertEqual(try clientA.send(.delete, "/v1/links/\(link.id)", token: person.token).status, .noContent)
                try post(clientA, lat: 51.5002, secondsAgo: 30)
            }
            // The stream on node B carries nothing more of the person (it may end, or stay quiet).
            do {
                let later = try stream.readEvent(timeoutSeconds: 2)
                XCTAssertFalse(later.data.contains("51.5002"), later.data)
            } catch HTTPTestError.timedOut {
            } catch HTTPTestError.connectionClosed {
            }
        }
    }

    func testANodeAloneRelaysNothingAndANodeThatJoinsLaterHearsWhatFollowsAndReadsWhatCameBefore() throws {
        try XCTSkipUnless(TestDatabase.isPostgreSQL, "several nodes share a PostgreSQL database")
        let nodeA = try TestApp()
        let person = try nodeA.makeAccount(name: "Person")
        let guardian = try nodeA.makeAccount(name: "Guardian")
        try nodeA.link(guardian: guardian, dependent: person)
        try nodeA.app.startBackgroundWork()
        let relayA = try XCTUnwrap(nodeA.app.clusterRelay)
        XCTAssertTrue(Deadline.waitUntil { relayA.isListening })
        func post(_ client: HTTPTestClient, lat: Double, secondsAgo: Double) throws {
            try postFix(of: person, through: client, on: nodeA, lat: lat, secondsAgo: secondsAgo)
        }
        // Alone (its own listener does not count), the node's events are not sent.
        try nodeA.withClient { client in try post(client, lat: 51.5001, secondsAgo: 90) }
        XCTAssertTrue(Deadline.waitUntil { relayA.unheardEvents > 0 }, "a node alone keeps its events to itself")

        let nodeB = try nodeA.makeOtherNode()
        defer { try? nodeB.close() }
        try nodeB.startBackgroundWork()
        let relayB = try XCTUnwrap(nodeB.clusterRelay)
        XCTAssertTrue(Deadline.waitUntil { relayB.isListening })
        let unheard = relayA.unheardEvents
        try HTTPTestClient.withServer(nodeB.makeRouter(), mode: .live, configuration: .testing) { clientB in
            // What came before is read from the database.
            let dependents = try clientB.send(.get, "/v1/dependents", token: guardian.token)
            XCTAssertTrue(String(decoding: dependents.body, as: UTF8.self).contains("51.5001"))
            let stream = try clientB.openEventStream(token: guardian.token)
            try nodeA.withClient { clientA in try post(clientA, lat: 51.5002, secondsAgo: 60) }
            // The goal is within 1 s; the wait is generous for a loaded machine.
            let event = try stream.readEvent(timeoutSeconds: 10)
            XCTAssertEqual(event.event, "location")
            XCTAssertTrue(event.data.contains(#""lat":51.5002"#), event.data)
        }
        XCTAssertEqual(relayA.unheardEvents, unheard, "once another node listens, everything is sent")
    }

    func testANodeWithoutStreamsIsSentNoPositionButEveryAlertAndHearsPositionsFromItsFirstStream() throws {
        let (nodeA, nodeB, person, guardian) = try listeningNodes()
        defer { try? nodeB.close() }
        let relayA = try XCTUnwrap(nodeA.app.clusterRelay)
        let relayB = try XCTUnwrap(nodeB.clusterRelay)
        XCTAssertFalse(relayB.isHearingPositions, "a node with no stream does not hear positions")
        func post(_ client: HTTPTestClient, lat: Double, secondsAgo: Double) throws {
            try postFix(of: person, through: client, on: nodeA, lat: lat, secondsAgo: secondsAgo)
        }
        try nodeA.withClient { clientA in
            // The position is dropped once a question asked after its commit found no node wanting it.
            let unheard = relayA.unheardEvents
            try post(clientA, lat: 51.5001, secondsAgo: 90)
            XCTAssertTrue(Deadline.waitUntil { relayA.unheardEvents > unheard })
            XCTAssertNil(nodeB.eventStreams.latestEventID, "node B was sent nothing")
            // An alert still goes to every node (its workers deliver and escalate).
            XCTAssertEqual(
                try clientA.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS(message: "help"))).status.code,
                201)
            XCTAssertTrue(Deadline.waitUntil { nodeB.eventStreams.latestEventID != nil }, "the alert reached node B")
        }
        try HTTPTestClient.withServer(nodeB.makeRouter(), mode: .live, configuration: .testing) { clientB in
            let stream = try clientB.openEventStream(token: guardian.token)
            XCTAssertTrue(relayB.isHearingPositions, "the stream opened once its node heard positions")
            try nodeA.withClient { clientA in try post(clientA, lat: 51.5002, secondsAgo: 60) }
            // The goal is within 1 s; the wait is generous for a loaded machine.
            let event = try stream.readEvent(timeoutSeconds: 10)
            XCTAssertEqual(event.event, "location")
            XCTAssertTrue(event.data.contains(#""lat":51.5002"#), event.data)
        }
    }

    func testPositionsAndOtherEventsArriveInTheOrderTheyWerePublished() throws {
        let (nodeA, nodeB, person, guardian) = try listeningNodes()
        defer { try? nodeB.close() }
        try HTTPTestClient.withServer(nodeB.makeRouter(), mode: .live, configuration: .testing) { clientB in
            let stream = try clientB.openEventStream(token: guardian.token)
            // Two channels, one listening connection: the order of publication is kept.
            let kinds: [AppEvent.Kind] = [.location, .alert, .location, .location, .alert, .location]
            for (index, kind) in kinds.enumerated() {
                nodeA.app.events.publish(AppEvent(kind: kind, subject: person.key, payload: Array(#"{"n":\#(index)}"#.utf8)))
            }
            for (index, kind) in kinds.enumerated() {
                let event = try stream.readEvent(timeoutSeconds: 10)
                XCTAssertEqual(event.event, kind.rawValue, "event \(index)")
                XCTAssertEqual(event.data, #"{"n":\#(index)}"#)
            }
        }
    }

    func testAWantOfPositionsLapsesAndComesBack() throws {
        let (nodeA, nodeB, person, _) = try listeningNodes()
        defer { try? nodeB.close() }
        let relayA = try XCTUnwrap(nodeA.app.clusterRelay)
        let relayB = try XCTUnwrap(nodeB.clusterRelay)
        relayB.wantPositions(forSeconds: 0.2)
        XCTAssertTrue(relayB.isHearingPositions, "hears them once the want returns")
        XCTAssertTrue(Deadline.waitUntil { !relayB.isHearingPositions }, "stops when the want lapses")
        let unheard = relayA.unheardEvents
        nodeA.app.events.publish(AppEvent(kind: .location, subject: person.key, payload: Array(#"{"n":1}"#.utf8)))
        XCTAssertTrue(Deadline.waitUntil { relayA.unheardEvents > unheard }, "no node wants positions any more")
        relayB.wantPositions(forSeconds: 60)
        XCTAssertTrue(relayB.isHearingPositions, "and hears them again when wanted again")
    }

    func testPositionsNoNodeWantsWaitForTheNextQuestionWithoutWakingTheSender() throws {
        let (nodeA, nodeB, person, _) = try listeningNodes()
        defer { try? nodeB.close() }
        let relayA = try XCTUnwrap(nodeA.app.clusterRelay)
        XCTAssertFalse(try XCTUnwrap(nodeB.clusterRelay).isHearingPositions)
        // A first position, dropped once a question found no node wanting it.
        let unheard = relayA.unheardEvents
        nodeA.app.events.publish(AppEvent(kind: .location, subject: person.key, payload: Array(#"{"n":0}"#.utf8)))
        XCTAssertTrue(Deadline.waitUntil { relayA.unheardEvents > unheard })
        // Then a position a millisecond, as a busy node stores them: they wait for the next question
        // (at most every `positionsAskSeconds`), the sender not woken by each.
        let rounds = relayA.senderRounds
        let started = Date()
        for n in 1...100 {
            nodeA.app.events.publish(AppEvent(kind: .location, subject: person.key, payload: Array(#"{"n":\#(n)}"#.utf8)))
            Thread.sleep(forTimeInterval: 0.001)
        }
        XCTAssertTrue(Deadline.waitUntil { relayA.unheardEvents == unheard + 101 }, "every one dropped unsent")
        let questions = Date().timeIntervalSince(started) / ClusterEventRelay.positionsAskSeconds
        XCTAssertLessThanOrEqual(Double(relayA.senderRounds - rounds), questions + 2, "the sender woke for each position")
    }

    func testEventsQueuedAMillisecondApartGoOutManyANotification() throws {
        try XCTSkipUnless(TestDatabase.isPostgreSQL, "several nodes share a PostgreSQL database")
        let nodeA = try TestApp()
        try nodeA.app.startBackgroundWork()
        let nodeB = try nodeA.makeListeningOtherNode()
        defer { try? nodeB.close() }
        let relayA = try XCTUnwrap(nodeA.app.clusterRelay)
        XCTAssertTrue(Deadline.waitUntil { relayA.isListening })
        // Sent once another node was seen listening (a node alone sends nothing).
        relayA.send(.sessionEnded(id: "warm-up"))
        XCTAssertTrue(Deadline.waitUntil { relayA.notificationsSent > 0 })
        let before = relayA.notificationsSent
        let started = Date()
        for index in 0..<100 {
            relayA.send(.sessionEnded(id: "no-such-session-\(index)"))
            Thread.sleep(forTimeInterval: 0.001)
        }
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertTrue(Deadline.waitUntil { relayA.notificationsSent > before })
        // One notification every `gatherSeconds` at most (the 100 events fit in two notifications'
        // payloads), where a sender that woke for each event sent nearly one an event.
        let bound = Int(elapsed / ClusterEventRelay.gatherSeconds) + 3
        XCTAssertLessThanOrEqual(relayA.notificationsSent - before, min(bound, 60), "\(elapsed) s")
    }

    func testACountdownFiresOnceWhicheverNodesArmedItAndTheSurvivorFiresItWhenItsNodeStops() throws {
        try XCTSkipUnless(TestDatabase.isPostgreSQL, "several nodes share a PostgreSQL database")
        let nodeA = try TestApp()
        let person = try nodeA.makeAccount()
        let nodeB = try nodeA.makeOtherNode()
        defer { try? nodeB.close() }
        let fired = Mutex<[String]>([])
        for app in [nodeA.app, nodeB] {
            app.events.subscribe { event in
                let text = String(decoding: event.payload, as: UTF8.self)
                if event.kind == .alert, text.contains(#""status":"open""#) { fired.withLock { $0.append(text) } }
            }
        }
        try nodeB.startBackgroundWork()
        try nodeA.app.startBackgroundWork()
        let caller = Caller(accountKey: person.key, accountID: person.id, sessionID: nil)

        // Both nodes arm it (B when it reads the pending countdowns again); both try at its time.
        let both = try nodeA.app.alertService.startCountdown(CountdownRequest(seconds: 10), by: caller)
        nodeA.clock.advance(bySeconds: 11)
        let group = DispatchGroup()
        for countdowns in [nodeA.app.countdowns, nodeB.countdowns] {
            DispatchQueue.global().async(group: group) { countdowns.fireDue() }
        }
        group.wait()
        XCTAssertEqual(try status(of: both.id, in: nodeB), "open")
        XCTAssertEqual(fired.withLock { $0.filter { $0.contains(both.id) }.count }, 1, "fired once, by one node")

        // Started through A, which stops before its time: B fires it.
        let orphan = try nodeA.app.alertService.startCountdown(CountdownRequest(seconds: 20), by: caller)
        nodeA.app.countdowns.stop()
        nodeA.clock.advance(bySeconds: 21)
        nodeB.countdowns.fireDue()
        XCTAssertEqual(try status(of: orphan.id, in: nodeB), "open")
        XCTAssertEqual(fired.withLock { $0.filter { $0.contains(orphan.id) }.count }, 1)
    }

    /// Two nodes on one database, both listening, and a person and their guardian (skips on SQLite).
    private func listeningNodes() throws -> (TestApp, HomewardApp, person: TestApp.Account, guardian: TestApp.Account) {
        try XCTSkipUnless(TestDatabase.isPostgreSQL, "several nodes share a PostgreSQL database")
        let nodeA = try TestApp()
        let person = try nodeA.makeAccount(name: "Person")
        let guardian = try nodeA.makeAccount(name: "Guardian")
        try nodeA.link(guardian: guardian, dependent: person)
        return (nodeA, try nodeA.makeListeningOtherNode(), person, guardian)
    }

    /// Posts one fix of `person` at `lat`, `secondsAgo` before the test clock's now, through `client`.
    private func postFix(of person: TestApp.Account, through client: HTTPTestClient, on node: TestApp, lat: Double, secondsAgo: Double) throws {
        let now = Double(node.clock.now().unixMilliseconds) / 1000
        let body = API.LocationBatch(samples: [API.LocationSample(t: now - secondsAgo, lat: lat, lon: -0.12, accuracy: 8)])
        XCTAssertEqual(try client.execute(.post, "/v1/locations", headers: person.auth, body: JSONBody.encode(body)).status.code, 200)
    }

    private func status(of id: String, in app: HomewardApp) throws -> String? {
        try app.database.read { db in try db.fetchOne("SELECT status FROM alerts WHERE id = ?", [id]) }
    }

    /// The part of `GET /v1/links` the test reads.
    private struct LinkList: Decodable {
        struct Link: Decodable {
            struct Party: Decodable { let id: String }
            let id: String
            let guardian: Party
        }
        let guardians: [Link]
    }
}
