import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import Logging
import XCTest

/// Someone must answer: an SOS nobody acknowledges is sent again, then to the next guardian in the
/// person's order, until someone acknowledges it; the timer lives in the database.
final class EscalationTests: XCTestCase {
    func testAnUnansweredSOSReachesTheNextGuardianInTurnUntilSomeoneAnswers() throws {
        let test = try TestApp()
        let person = try test.makeAccount(name: "Grandad")
        let daughter = try test.makeAccount(name: "Daughter")
        let son = try test.makeAccount(name: "Son")
        let neighbour = try test.makeAccount(name: "Neighbour")
        let cousin = try test.makeAccount(name: "Cousin")
        for guardian in [daughter, son, neighbour, cousin] {
            try test.link(guardian: guardian, dependent: person)
            try giveWebhook(to: guardian, in: test)
        }
        var alertID = ""
        try test.withClient { client in
            let order = try client.execute(
                .put, "/v1/me/escalation", headers: person.auth,
                body: JSONBody.encode(API.EscalationRequest(order: [daughter.id, son.id, neighbour.id], minutes: ["sos": 2])))
            XCTAssertEqual(order.status.code, 200, order.text)
            let settings = try JSONDecoder().decode(EscalationResource.self, from: Data(order.body))
            XCTAssertEqual(settings.order.map(\.name), ["Daughter", "Son", "Neighbour"])
            XCTAssertEqual(settings.minutes["sos"], 2)
            XCTAssertEqual(settings.minutes["danger"], 3, "the default stays")
            let sos = try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS()))
            XCTAssertEqual(sos.status.code, 201)
            let alert = try JSONDecoder().decode(AlertResource.self, from: Data(sos.body))
            alertID = alert.id
            XCTAssertEqual(alert.escalation?.step, 0)
            let nextAt = try XCTUnwrap(alert.escalation?.nextAt)
            XCTAssertEqual(Double(nextAt.unixMilliseconds - test.clock.now().unixMilliseconds) / 1000, 120, accuracy: 1)
        }
        // The first in the order and the cousin (not placed in the order) are told at once.
        XCTAssertEqual(try told(of: "raised", in: test), ["Cousin", "Daughter"])

        test.clock.advance(bySeconds: 119)
        test.app.escalations.escalateDue()
        XCTAssertEqual(try told(of: "escalated", in: test), [], "not before its time")

        test.clock.advance(bySeconds: 1)
        test.app.escalations.escalateDue()
        XCTAssertEqual(try told(of: "escalated", in: test), ["Cousin", "Daughter", "Son"])

        test.clock.advance(bySeconds: 120)
        test.app.escalations.escalateDue()
        XCTAssertEqual(try told(of: "escalated", in: test), ["Cousin", "Cousin", "Daughter", "Daughter", "Neighbour", "Son", "Son"])

        try test.withClient { client in
            let seen = try client.execute(.get, "/v1/alerts?status=open", headers: neighbour.auth)
            let alert = try XCTUnwrap(try seen.decode(API.AlertList.self).alerts.first { $0.id == alertID })
            XCTAssertEqual(alert.escalation?.step, 2, "the feed shows it escalated")
            XCTAssertNotNil(alert.escalation?.escalatedAt)
            let deliveries = try client.execute(.get, "/v1/alerts/\(alertID)/deliveries", headers: neighbour.auth)
            XCTAssertTrue(try deliveries.decode(AlertDeliveryList.self).deliveries.contains { $0.event == "escalated" }, deliveries.text)
            let ack = try client.execute(.post, "/v1/alerts/\(alertID)/acknowledge", headers: neighbour.auth)
            XCTAssertEqual(ack.status.code, 200, ack.text)
            XCTAssertNil(try JSONDecoder().decode(AlertResource.self, from: Data(ack.body)).escalation?.nextAt)
        }
        // Acknowledging stops the chain for everyone; everyone told hears who answered.
        test.clock.advance(bySeconds: 3_600)
        test.app.escalations.escalateDue()
        XCTAssertEqual(try told(of: "escalated", in: test).count, 7)
        XCTAssertEqual(try told(of: "acknowledged", in: test), ["Cousin", "Daughter", "Neighbour", "Son"])
    }

    func testEscalationStopsAfterTheLastStepAndADangerAlwaysEscalates() throws {
        let test = try TestApp { $0.escalationMaxSteps = 2 }
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        try giveWebhook(to: guardian, in: test)
        try test.withClient { client in
            let typed: [(API.EscalationRequest, String?)] = [
                (API.EscalationRequest(order: [], minutes: ["sos": .none]), "minutes.sos"),
                (API.EscalationRequest(order: [], minutes: ["sos": 0]), "minutes.sos"),
                (API.EscalationRequest(order: [], minutes: ["wandering": 5]), "minutes.wandering"),
            ]
            // Kept as text: a body cut short.
            let raw: [(String, String?)] = [(#"{"order":[]"#, nil)]
            for (body, field) in JSONBody.table(typed, raw) {
                let answer = try client.execute(.put, "/v1/me/escalation", headers: person.auth, body: Array(body.utf8))
                XCTAssertEqual(answer.status.code, 400, body)
                if let field { XCTAssertEqual(answer.errorField, field, answer.text) }
            }
            let stranger = try client.execute(.put, "/v1/me/escalation", headers: person.auth, body: JSONBody.encode(API.EscalationRequest(order: [person.id])))
            XCTAssertEqual(stranger.status.code, 404, "someone who is not a guardian is absent")
            XCTAssertTrue(stranger.text.contains("order[0]"), stranger.text)
            XCTAssertEqual(try client.execute(.put, "/v1/me/escalation", headers: person.auth,
                                              body: JSONBody.encode(API.EscalationRequest(order: [], minutes: ["left_zone": .none]))).status.code, 200)
            XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS())).status.code, 201)
        }
        for _ in 0..<5 {
            test.clock.advance(bySeconds: 180)
            test.app.escalations.escalateDue()
        }
        XCTAssertEqual(try told(of: "escalated", in: test).count, 2, "at most --escalation-max-steps")
        // left_zone was switched off for this person: it does not escalate.
        _ = try test.app.database.write { db in
            try test.app.alerts.raise(AlertRequest(type: .leftZone, cause: "zone:test"), for: person.key, at: test.clock.now(), in: db)
        }
        test.clock.advance(bySeconds: 3_600)
        test.app.escalations.escalateDue()
        XCTAssertEqual(try told(of: "escalated", in: test).count, 2)
    }

    func testTheTimerIsInTheDatabaseSoAnotherSchedulerOnTheSameFileEscalates() throws {
        let test = try TestApp()
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        try giveWebhook(to: guardian, in: test)
        try test.withClient { client in
            XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS())).status.code, 201)
        }
        test.clock.advance(bySeconds: 600)
        // A scheduler that never saw the alert raised (as after a restart) finds it in the database.
        let restarted = EscalationScheduler(
            database: test.app.database, alerts: test.app.alerts, events: EventBus(), clock: test.clock,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        restarted.start()
        restarted.escalateDue()
        restarted.stop()
        XCTAssertEqual(try told(of: "escalated", in: test), ["Guardian"])
    }

    /// The names of the recipients of deliveries of `event`, sorted.
    private func told(of event: String, in test: TestApp) throws -> [String] {
        try test.app.database.read { db in
            try db.fetchAll(
                "SELECT a.name FROM alert_deliveries d JOIN accounts a ON a.key = d.recipient_key WHERE d.event = ? ORDER BY a.name",
                [event])
        }
    }

    /// A webhook for `guardian` (never delivered in these tests: the outbox rows say who was told).
    private func giveWebhook(to guardian: TestApp.Account, in test: TestApp) throws {
        try test.app.database.write { db in
            try db.execute(
                "INSERT INTO webhooks (account_key, url, secret, created_at_ms, updated_at_ms) VALUES (?, 'https://hooks.example/x', 'sixteen-chars-secret', 0, 0)",
                guardian.key)
        }
    }
}
