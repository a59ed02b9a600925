import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// Traccar Client (classic, 9 and 10) over a real socket, with the bytes the app sends: it retries
/// the oldest queued message until a 2xx, so only an unknown device or an unreadable position is refused.
final class TraccarClientTests: XCTestCase {
    private let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
    private let json: HTTPHeaders = ["Content-Type": "application/json"]

    func testAPositionFromAPhoneWhoseClockIsAnHourFastIsStoredAtItsArrivalAndFlagged() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let now = test.clock.now()
        let hourFast = now.unixMilliseconds / 1000 + 3_600
        let dayBehind = now.unixMilliseconds / 1000 - 86_400
        try test.withClient(.live) { client in
            let key = try test.deviceKey(client, anna)
            let fast = try client.execute(.get, "/v1/clients/osmand?id=\(key)&lat=48.85&lon=2.29&timestamp=\(hourFast)&accuracy=8")
            XCTAssertEqual(fast.status, .ok, fast.text)
            let behind = try client.execute(.post, "/v1/clients/osmand", headers: form, body: Array("id=\(key)&lat=48.80&lon=2.20&timestamp=\(dayBehind)".utf8))
            XCTAssertEqual(behind.status, .ok, behind.text)
            let location = try client.execute(.get, "/v1/accounts/\(anna.id)/location", headers: anna.auth)
            XCTAssertTrue(location.text.contains("48.85"), "the corrected fix is the latest position: \(location.text)")
        }
        let fixes = try test.storedLocations(of: anna)
        XCTAssertEqual(fixes.map(\.lat), [48.80, 48.85])
        XCTAssertEqual(fixes[0].time.unixMilliseconds, dayBehind * 1000)
        XCTAssertEqual(fixes[0].flags, [])
        XCTAssertEqual(fixes[1].time, now, "stored at the moment it arrived")
        XCTAssertEqual(fixes[1].flags, .clockAhead)
        XCTAssertEqual(fixes[1].flags.names, ["clock_ahead"])
    }

    func testVersion10HeartbeatWithoutAFixIsAnsweredOkAndCountsAsAHeartbeat() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient(.live) { client in
            let key = try test.deviceKey(client, anna)
            test.clock.advance(bySeconds: 120)
            let heartbeat = try client.execute(.post, "/v1/clients/osmand", headers: form, body: Array("id=\(key)&timestamp=\(test.clock.now().unixMilliseconds / 1000)&batt=77&charge=false".utf8))
            XCTAssertEqual(heartbeat.status, .ok, heartbeat.text)
            XCTAssertEqual(test.app.presence.lastSeen(anna.key), test.clock.now())
            let unreadable = try client.execute(.get, "/v1/clients/osmand?id=\(key)&lat=north&lon=2.29")
            XCTAssertEqual(unreadable.status, .badRequest, "a position that cannot be read is refused, not taken as a heartbeat")
        }
        XCTAssertTrue(try test.storedLocations(of: anna).isEmpty)
    }

    func testNotificationTokenIsKeptOnTheDevice() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient(.live) { client in
            let key = try test.deviceKey(client, anna)
            // PushService._uploadToken: a form post of id and notificationToken alone.
            let upload = try client.execute(.post, "/v1/clients/osmand", headers: form, body: Array("id=\(key)&notificationToken=fcm%3Atoken-1".utf8))
            XCTAssertEqual(upload.status, .ok, upload.text)
        }
        let tokens: [String?] = try test.app.database.read { try $0.fetchAll("SELECT notification_token FROM devices WHERE account_key = ?", [anna.key]) }
        XCTAssertEqual(tokens, ["fcm:token-1"])
    }

    func testAlarmSOSRaisesOneHomewardSOSWithThePositionHoweverOftenItIsResent() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina")
        let anna = try test.makeAccount(name: "Anna")
        try test.link(guardian: gina, dependent: anna)
        let seconds = test.clock.now().unixMilliseconds / 1000 - 5
        try test.withClient(.live) { client in
            let key = try test.deviceKey(client, anna)
            let sos = "id=\(key)&lat=48.85&lon=2.29&timestamp=\(seconds)&accuracy=12&alarm=sos"
            for _ in 0..<3 {
                XCTAssertEqual(try client.execute(.post, "/v1/clients/osmand", headers: form, body: Array(sos.utf8)).status, .ok)
            }
            let alerts = try client.execute(.get, "/v1/alerts?status=open", headers: gina.auth)
            let list = try alerts.decode(API.AlertList.self).alerts
            XCTAssertEqual(list.count, 1, alerts.text)
            XCTAssertEqual(list.first?.type, .sos)
            let location = try XCTUnwrap(list.first?.location)
            XCTAssertEqual(location.lat, 48.85)
            XCTAssertEqual(location.accuracy, 12)
            // Version 9's JSON carries the alarm in location.alarm (or extras.alarm).
            let nine = #"{"location":{"timestamp":"\#(test.clock.now().rfc3339)","coords":{"latitude":48.86,"longitude":2.3,"accuracy":5,"speed":-1,"heading":-1,"altitude":0},"extras":{"alarm":"sos"},"battery":{"level":0.4,"is_charging":false}},"device_id":"\#(key)"}"#
            XCTAssertEqual(try client.execute(.post, "/v1/clients/osmand", headers: json, body: Array(nine.utf8)).status, .ok)
        }
        XCTAssertEqual(try test.alerts(of: anna).map(\.type), ["sos", "sos"])
        XCTAssertEqual(try test.storedLocations(of: anna).count, 2)
    }

    func testAMessageThatMayCarryAnSOSIsToldFromOrdinaryFixesWithoutParsingIt() {
        func request(query: String = "", body: String = "") -> HTTPRequest {
            HTTPRequest(method: .post, target: "/v1/clients/osmand?\(query)", body: Array(body.utf8))
        }
        XCTAssertTrue(OsmAndMessage.mayCarrySOS(request(query: "id=k&lat=1&lon=2&alarm=sos")))
        XCTAssertTrue(OsmAndMessage.mayCarrySOS(request(body: "id=k&lat=1&lon=2&alarm=sos")))
        XCTAssertTrue(OsmAndMessage.mayCarrySOS(request(body: #"{"location":{"extras":{"alarm":"sos"}},"device_id":"k"}"#)))
        XCTAssertFalse(OsmAndMessage.mayCarrySOS(request(query: "id=k&lat=1&lon=2")))
        XCTAssertFalse(OsmAndMessage.mayCarrySOS(request(body: "id=k&lat=1&lon=2&alarm=lowBattery")))
    }

    func testOtherAlarmsAreKeptAsReports() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let seconds = test.clock.now().unixMilliseconds / 1000
        try test.withClient(.live) { client in
            let key = try test.deviceKey(client, anna)
            for _ in 0..<2 {
                XCTAssertEqual(try client.execute(.get, "/v1/clients/osmand?id=\(key)&lat=48.85&lon=2.29&timestamp=\(seconds)&alarm=fall").status, .ok)
            }
            XCTAssertEqual(try client.execute(.get, "/v1/clients/osmand?id=\(key)&timestamp=\(seconds + 1)&alarm=lowBattery").status, .ok)
        }
        let alarms = try test.clientReports(of: anna, kind: .alarm)
        XCTAssertEqual(alarms.map(\.name), ["fall", "lowBattery"], "kept once each, whatever the resends")
        XCTAssertEqual(alarms[0].lat, 48.85)
        XCTAssertNil(alarms[1].lat)
        XCTAssertTrue(try test.alerts(of: anna).isEmpty)
    }

    func testVersion10JSONArrayBatchIsStoredInOneRequest() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let seconds = test.clock.now().unixMilliseconds / 1000
        try test.withClient(.live) { client in
            let key = try test.deviceKey(client, anna)
            let batch = """
                [{"id":"\(key)","lat":48.81,"lon":2.21,"timestamp":\(seconds - 30),"speed":3,"batt":60},
                 {"id":"\(key)","lat":"48.82","lon":"2.22","timestamp":"\(seconds - 20)"},
                 {"location":{"timestamp":"\(test.clock.now().adding(milliseconds: -10_000).rfc3339)","coords":{"latitude":48.83,"longitude":2.23,"accuracy":4,"speed":1,"heading":10,"altitude":30}},"device_id":"\(key)"}]
                """
            let answer = try client.execute(.post, "/v1/clients/osmand", headers: json, body: Array(batch.utf8))
            XCTAssertEqual(answer.status, .ok, answer.text)
            XCTAssertEqual(try client.execute(.post, "/v1/clients/osmand", headers: json, body: Array(batch.utf8)).status, .ok, "a resent batch")
            let mixed = #"[{"id":"\#(key)","lat":1,"lon":1},{"id":"someone-else","lat":1,"lon":1}]"#
            XCTAssertEqual(try client.execute(.post, "/v1/clients/osmand", headers: json, body: Array(mixed.utf8)).status, .badRequest)
        }
        XCTAssertEqual(try test.storedLocations(of: anna).map(\.lat), [48.81, 48.82, 48.83])
    }
}
