import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// Quiet hours: ordinary alerts wait for their end; an SOS never does.
final class QuietHoursTests: XCTestCase {
    private func utc(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    func testTheEndOfQuietHoursIsFoundAcrossMidnightAndADaylightSavingChange() {
        let night = QuietHours(start: "22:00", end: "07:00", timeZone: "Europe/Berlin")
        // 23:30 in Berlin (UTC+1 in November): held until 07:00 Berlin, 06:00 UTC.
        XCTAssertEqual(night.end(ofQuietHoursAt: utc("2026-11-24T22:30:00Z")), utc("2026-11-25T06:00:00Z"))
        // 05:00 Berlin: the same night's end.
        XCTAssertEqual(night.end(ofQuietHoursAt: utc("2026-11-25T04:00:00Z")), utc("2026-11-25T06:00:00Z"))
        // 12:00 Berlin: not quiet.
        XCTAssertNil(night.end(ofQuietHoursAt: utc("2026-11-25T11:00:00Z")))
        // The night clocks go forward (29 March 2026, 02:00 -> 03:00): 07:00 CEST is 05:00 UTC.
        XCTAssertEqual(night.end(ofQuietHoursAt: utc("2026-03-28T22:30:00Z")), utc("2026-03-29T05:00:00Z"))
        // A daytime window (no midnight).
        let nap = QuietHours(start: "13:00", end: "15:00", timeZone: "UTC")
        XCTAssertEqual(nap.end(ofQuietHoursAt: utc("2026-11-25T14:10:00Z")), utc("2026-11-25T15:00:00Z"))
        XCTAssertNil(nap.end(ofQuietHoursAt: utc("2026-11-25T15:00:00Z")))
        // The same start and end: quiet all day, what was held going out daily at that time.
        let allDay = QuietHours(start: "18:00", end: "18:00", timeZone: "UTC")
        XCTAssertEqual(allDay.end(ofQuietHoursAt: utc("2026-11-25T09:00:00Z")), utc("2026-11-25T18:00:00Z"))
        XCTAssertEqual(allDay.end(ofQuietHoursAt: utc("2026-11-25T19:00:00Z")), utc("2026-11-26T18:00:00Z"))
    }

    func testOrdinaryAlertsWaitForTheEndOfQuietHoursAndAnSOSDoesNot() throws {
        let receiver = try PythonReceiver<HTTPSReceiverRecord>(script: "https_receiver.py", arguments: ["--gotify-token", "QuietToken", "--quiet"], modules: ["trustme"])
        let test = try TestApp {
            $0.outgoingAllowHosts = ["127.0.0.1"]
            $0.outgoingCAFilePath = receiver.file("ca.pem")
        }
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        // Quiet from an hour ago until two hours from now, in UTC.
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm"
        let now = Date(timeIntervalSince1970: Double(test.clock.now().unixMilliseconds) / 1000)
        let start = formatter.string(from: now.addingTimeInterval(-3_600)), end = formatter.string(from: now.addingTimeInterval(7_200))
        try test.withClient { client in
            for (hours, field) in [(QuietHours(start: "25:00", end: "07:00", timeZone: "UTC"), "start"),
                                   (QuietHours(start: "22:00", end: "7am", timeZone: "UTC"), "end"),
                                   (QuietHours(start: "22:00", end: "07:00", timeZone: "Mars/Olympus"), "timeZone")] {
                let answer = try client.execute(.put, "/v1/me/quiet-hours", headers: guardian.auth, body: JSONBody.encode(hours))
                XCTAssertEqual(answer.status.code, 400, JSONBody.text(hours))
                XCTAssertEqual(answer.errorField, field, answer.text)
            }
            XCTAssertEqual(try client.execute(.get, "/v1/me/quiet-hours", headers: guardian.auth).status.code, 404)
            let set = try client.execute(.put, "/v1/me/quiet-hours", headers: guardian.auth,
                                         body: JSONBody.encode(QuietHours(start: start, end: end, timeZone: "UTC")))
            XCTAssertEqual(set.status.code, 200, set.text)
            XCTAssertEqual(try client.execute(.get, "/v1/me/quiet-hours", headers: guardian.auth).status.code, 200)
            let channel = try client.execute(.post, "/v1/me/channels", headers: guardian.auth,
                                             body: JSONBody.encode(API.ChannelRequest.gotify("https://127.0.0.1:\(receiver.port)", token: "QuietToken")))
            XCTAssertEqual(channel.status.code, 201, channel.text)
        }
        _ = try test.app.database.write { db in
            try test.app.alerts.raise(AlertRequest(type: .lowBattery, cause: "battery"), for: person.key, at: test.clock.now(), in: db)
        }
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 0, "held for the quiet hours")
        try test.withClient { client in
            let alerts = try client.execute(.get, "/v1/alerts", headers: guardian.auth).decode(API.AlertList.self)
            let id = try XCTUnwrap(alerts.alerts.first?.id)
            let deliveries = try client.execute(.get, "/v1/alerts/\(id)/deliveries", headers: guardian.auth)
            XCTAssertTrue(try deliveries.decode(AlertDeliveryList.self).deliveries.contains { $0.status == "held" }, deliveries.text)
            XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS())).status.code, 201)
        }
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 1, "an SOS is never held")
        let sos = try XCTUnwrap(try receiver.waitForRecord { $0.gotify != nil }.gotify)
        XCTAssertEqual(sos.title, "SOS: Person")
        test.clock.advance(bySeconds: 2 * 3_600 + 60)
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 1, "delivered when the quiet hours end")
        XCTAssertNotNil(try receiver.waitForRecord { $0.gotify?.title == "Low battery: Person" })
    }
}
