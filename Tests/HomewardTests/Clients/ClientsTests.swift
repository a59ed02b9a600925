import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

final class ClientsTests: XCTestCase {
    func testDeviceKeysAreListedWithoutTheKeyAndRevocable() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let stranger = try test.makeAccount()
        try test.withClient(.inProcess) { client in
            let key = try test.deviceKey(client, anna)
            let listed = try client.execute(.get, "/v1/me/devices", headers: anna.auth)
            XCTAssertFalse(listed.text.contains(key))
            let devices = try listed.decode(API.DeviceList.self).devices
            XCTAssertEqual(devices.map(\.name), ["Tablet"])
            let id = try XCTUnwrap(devices.first?.id)
            XCTAssertEqual(try test.app.authenticator.authenticate(deviceKey: key, inHeader: true).accountKey, anna.key)
            XCTAssertEqual(try client.execute(.delete, "/v1/me/devices/\(id)", headers: stranger.auth).status, .notFound)
            XCTAssertEqual(try client.execute(.delete, "/v1/me/devices/\(id)", headers: anna.auth).status, .noContent)
            XCTAssertThrowsError(try test.app.authenticator.authenticate(deviceKey: key, inHeader: true))
            let stored: [[UInt8]] = try test.app.database.read { try $0.fetchAll("SELECT key_sha256 FROM devices") }
            XCTAssertTrue(stored.isEmpty)
            XCTAssertEqual(try client.execute(.post, "/v1/me/devices", headers: anna.auth, body: JSONBody.encode(API.DeviceRequest(name: " "))).status, .badRequest)
        }
    }

    func testDeviceNamesFollowTheAccountNameRuleCountedInCharacters() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient(.inProcess) { client in
            let hundred = String(repeating: "é", count: 100)
            let accepted = try client.execute(.post, "/v1/me/devices", headers: anna.auth, body: Array(#"{"name":"\#(hundred)"}"#.utf8))
            XCTAssertEqual(accepted.status, .created)
            let tooLong = try client.execute(.post, "/v1/me/devices", headers: anna.auth, body: Array(#"{"name":"\#(hundred)é"}"#.utf8))
            XCTAssertEqual(tooLong.status, .badRequest)
            let control = try client.execute(.post, "/v1/me/devices", headers: anna.auth, body: Array(#"{"name":"\f"}"#.utf8))
            XCTAssertEqual(control.status, .badRequest)
        }
    }

    func testOwnTracksLocationIsStoredInAPIUnitsAndTheReplyShowsDependents() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina Guardian")
        let anna = try test.makeAccount(name: "Anna Smith")
        try test.link(guardian: gina, dependent: anna)
        let tst = test.clock.now().unixMilliseconds / 1000 - 5
        try test.withClient(.inProcess) { client in
            let message = #"{"_type":"location","lat":51.5,"lon":-0.12,"tst":\#(tst),"acc":12,"alt":30,"vel":36,"cog":270,"batt":64,"tid":"AS","t":"u","conn":"w"}"#
            let fromAnna = try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, anna.password), body: Array(message.utf8))
            XCTAssertEqual(fromAnna.status, .ok)
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, anna.password), body: Array(message.utf8)).status, .ok)
            let reply = try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(gina.phone, gina.password))
            XCTAssertEqual(reply.status, .ok)
            let objects = try reply.decode([OwnTracksMessage].self)
            XCTAssertEqual(objects.map(\.type), ["card", "card", "location"])
            XCTAssertEqual(objects[1].name, "Anna Smith")
            XCTAssertEqual(objects[1].tid, "AS")
            XCTAssertEqual(objects[2].lat, 51.5)
            XCTAssertEqual(objects[2].tst, tst)
            XCTAssertEqual(objects[2].vel, 36)
            XCTAssertEqual(objects[2].topic, objects[1].topic)
            let other = #"{"_type":"waypoint","desc":"Home","lat":1,"lon":2,"rad":50,"tst":1}"#
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, anna.password), body: Array(other.utf8)).status, .ok)
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, "Wrong-pass-1"), body: Array(message.utf8)).status, .unauthorized)
        }
        let fixes = try test.storedLocations(of: anna)
        XCTAssertEqual(fixes.count, 1)
        XCTAssertEqual(fixes.first?.speedMetresPerSecond, 10)
        XCTAssertEqual(fixes.first?.headingDegrees, 270)
        XCTAssertEqual(fixes.first?.batteryPercent, 64)
    }

    func testOwnTracksBasicPasswordGuessesAreRateLimitedLikeLogins() throws {
        let test = try TestApp { $0.maxFailedAttempts = 3 }
        let anna = try test.makeAccount()
        try test.withClient(.inProcess) { client in
            for _ in 0..<3 {
                let wrong = try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, "Wrong-Guess-1"), body: [])
                XCTAssertEqual(wrong.status, .unauthorized)
            }
            let limited = try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, anna.password), body: [])
            XCTAssertEqual(limited.status, .tooManyRequests)
            XCTAssertNotNil(limited.headers["Retry-After"])
            let login = try client.execute(
                .post, "/v1/sessions", headers: ["Content-Type": "application/json"],
                body: JSONBody.encode(API.Credentials(phone: anna.phone, password: anna.password)))
            XCTAssertEqual(login.status, .tooManyRequests, "the login endpoint shares the same limit")
        }
    }

    func testChangedPasswordStopsTheRememberedBasicLoginAtOnce() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient(.inProcess) { client in
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, anna.password), body: []).status, .ok)
            let change = API.PasswordChange(currentPassword: anna.password, newPassword: "Another-Horse-8")
            XCTAssertEqual(try client.execute(.put, "/v1/me/password", headers: anna.auth, body: JSONBody.encode(change)).status, .noContent)
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, anna.password), body: []).status, .unauthorized)
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, "Another-Horse-8"), body: []).status, .ok)
        }
    }

    func testOwnTracksDeviceKeyAsBasicPasswordWorks() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient(.inProcess) { client in
            let key = try test.deviceKey(client, anna)
            let tst = test.clock.now().unixMilliseconds / 1000
            let message = #"{"_type":"transition","event":"leave","desc":"Home","lat":51.5,"lon":-0.12,"tst":\#(tst),"wtst":1,"acc":10}"#
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic("anna", key), body: Array(message.utf8)).status, .ok)
        }
        XCTAssertEqual(try test.storedLocations(of: anna).count, 1)
        XCTAssertNotNil(test.app.presence.lastSeen(anna.key))
    }

    func testOwnTracksLeaveOfARegionNamedLikeASafeZoneRaisesOneLeftZoneAtOnceAndEnterResolvesIt() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina Guardian")
        let anna = try test.makeAccount(name: "Anna Smith")
        try test.link(guardian: gina, dependent: anna)
        let home = (lat: 51.5007, lon: -0.1246)
        let start = test.clock.now().unixMilliseconds / 1000 - 7_200
        func message(_ type: String, north: Double, at tst: Int64, accuracy: Int, extra: String = "") -> [UInt8] {
            Array(#"{"_type":"\#(type)","lat":\#(home.lat + north / 111_320),"lon":\#(home.lon),"tst":\#(tst),"acc":\#(accuracy),"tid":"AS"\#(extra)}"#.utf8)
        }
        func alerts(_ status: String) throws -> Int64 {
            try test.app.database.read { db in
                try db.fetchOne("SELECT count(*) FROM alerts WHERE type = 'left_zone' AND status = ?", [status]) ?? 0
            }
        }
        try test.withClient(.inProcess) { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: home.lat, lon: home.lon, radius: 100))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(anna.id)/zones", headers: gina.auth, body: zone).status, .created)
            let post = { (body: [UInt8]) in
                let response = try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, anna.password), body: body)
                XCTAssertEqual(response.status, .ok, response.text)
            }
            // A phone saving its battery: a fix every five minutes at home.
            for step in 0..<6 { try post(message("location", north: Double(step % 3) * 4, at: start + Int64(step) * 300, accuracy: 15)) }
            // Its own geofence "home" saw the exit: one fix, 40 m outside the 100 m zone.
            try post(message("transition", north: 140, at: start + 1_920, accuracy: 12, extra: #","event":"leave","desc":" home ","wtst":1,"t":"c""#))
            XCTAssertEqual(try alerts("open"), 1, "confirmed by the phone's geofence, without waiting for more fixes")
            // A region that is no safe zone, and the same exit sent again late, change nothing.
            try post(message("transition", north: 900, at: start + 2_100, accuracy: 10, extra: #","event":"leave","desc":"Work","wtst":1"#))
            try post(message("transition", north: 140, at: start + 1_920, accuracy: 12, extra: #","event":"leave","desc":"Home","wtst":1"#))
            for step in 1...4 { try post(message("location", north: 140 + Double(step) * 200, at: start + 2_100 + Int64(step) * 240, accuracy: 10)) }
            XCTAssertEqual(try alerts("open"), 1, "the fixes outside confirm the same exit, not a second one")
            try post(message("transition", north: 40, at: start + 3_600, accuracy: 10, extra: #","event":"enter","desc":"Home","wtst":1"#))
        }
        XCTAssertEqual(try alerts("open"), 0)
        XCTAssertEqual(try alerts("resolved"), 1, "the entry the phone saw resolves it")
        XCTAssertEqual(test.app.statusBoard.status(of: anna.key)?.zone, "Home")
        XCTAssertEqual(try test.storedLocations(of: anna).count, 13, "every transition's fix is stored, the resent one once")
    }

    func testOwnTracksTransitionWhoseFixIsStillInsideTheZoneIsAnOrdinaryFix() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna Smith")
        let home = (lat: 51.5007, lon: -0.1246)
        let start = test.clock.now().unixMilliseconds / 1000 - 3_600
        try test.withClient(.inProcess) { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: home.lat, lon: home.lon, radius: 200))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(anna.id)/zones", headers: anna.auth, body: zone).status, .created)
            for step in 0..<4 {
                let fix = #"{"_type":"location","lat":\#(home.lat),"lon":\#(home.lon),"tst":\#(start + Int64(step) * 300),"acc":10}"#
                XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, anna.password), body: Array(fix.utf8)).status, .ok)
            }
            // The phone's own "Home" region is 50 m across; the guardian's zone is 200 m: still inside.
            let leave = #"{"_type":"transition","event":"leave","desc":"Home","lat":\#(home.lat + 80 / 111_320.0),"lon":\#(home.lon),"tst":\#(start + 1_300),"acc":10,"wtst":1}"#
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, anna.password), body: Array(leave.utf8)).status, .ok)
        }
        let leftZone: Int64 = try test.app.database.read { try $0.fetchOne("SELECT count(*) FROM alerts WHERE type = 'left_zone'") ?? 0 }
        XCTAssertEqual(leftZone, 0)
        XCTAssertEqual(test.app.statusBoard.status(of: anna.key)?.zone, "Home")
    }

    func testOverlandBatchIsStoredOnceAndAnsweredExactlyOk() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let now = test.clock.now()
        let features = (0..<3).map { index -> JSONValue in
            [
                "type": "Feature",
                "geometry": ["type": "Point", "coordinates": [.number(-122.03 + Double(index) * 1e-4), 37.33]],
                "properties": [
                    "timestamp": .string(now.adding(milliseconds: Int64(index - 3) * 10_000).rfc3339), "altitude": 80,
                    "speed": index == 0 ? -1 : 1.5, "horizontal_accuracy": 5, "vertical_accuracy": 3,
                    "motion": ["walking"], "battery_state": "unplugged", "battery_level": 0.8, "wifi": "",
                    "device_id": "phone",
                ],
            ]
        }
        let body = JSONBody.encode(["locations": .array(features)] as JSONValue)
        try test.withClient(.live) { client in
            let key = try test.deviceKey(client, anna)
            for _ in 0..<2 {
                let response = try client.execute(.post, "/v1/clients/overland?token=\(key)", headers: ["Content-Type": "application/json"], body: body)
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.text, #"{"result":"ok"}"#)
            }
            XCTAssertEqual(try client.execute(.post, "/v1/clients/overland?token=wrong", headers: ["Content-Type": "application/json"], body: body).status, .unauthorized)
        }
        let fixes = try test.storedLocations(of: anna)
        XCTAssertEqual(fixes.count, 3)
        XCTAssertNil(fixes[0].speedMetresPerSecond)
        XCTAssertEqual(fixes[1].batteryPercent, 80)
        XCTAssertEqual(try test.storedActivities(of: anna), [.walking, .walking, .walking], "each feature's motion, stored once")
    }

    func testOsmAndQueryFormAndJSONAreStoredAndUnknownDevicesRefused() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let seconds = test.clock.now().unixMilliseconds / 1000
        try test.withClient(.live) { client in
            let key = try test.deviceKey(client, anna)
            let query = try client.execute(.get, "/v1/clients/osmand?id=\(key)&lat=48.85&lon=2.29&timestamp=\(seconds - 30)&speed=10&bearing=90&altitude=35&accuracy=8&batt=55")
            XCTAssertEqual(query.status, .ok, query.text)
            XCTAssertEqual(try client.execute(.get, "/v1/clients/osmand?id=\(key)&lat=48.85&lon=2.29&timestamp=\(seconds - 30)").status, .ok)
            let form = "id=\(key)&location=48.86%2C2.30&timestamp=\(seconds - 20)000"
            XCTAssertEqual(try client.execute(.post, "/v1/clients/osmand", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(form.utf8)).status, .ok)
            let json = #"{"location":{"timestamp":"\#(test.clock.now().adding(milliseconds: -10_000).rfc3339)","coords":{"latitude":48.87,"longitude":2.31,"accuracy":5,"speed":2,"heading":45,"altitude":40},"is_moving":true,"odometer":10,"battery":{"level":0.5,"is_charging":false},"activity":{"type":"on_foot"},"uuid":"u-1"},"device_id":"\#(key)"}"#
            XCTAssertEqual(try client.execute(.post, "/v1/clients/osmand", headers: ["Content-Type": "application/json"], body: Array(json.utf8)).status, .ok)
            XCTAssertEqual(try client.execute(.post, "/v1/clients/osmand", headers: ["Content-Type": "application/json"], body: Array(json.utf8)).status, .ok)
            let unknown = try client.execute(.get, "/v1/clients/osmand?id=nobody&lat=1&lon=1&timestamp=\(seconds)")
            XCTAssertEqual(unknown.status, .badRequest)
            XCTAssertEqual(unknown.errorCode, "invalid_request")
            let keyless = try client.execute(.post, "/v1/clients/osmand", headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
            XCTAssertEqual(keyless.status, .badRequest)
        }
        let fixes = try test.storedLocations(of: anna)
        XCTAssertEqual(fixes.map(\.lat), [48.85, 48.86, 48.87])
        XCTAssertEqual(try XCTUnwrap(fixes[0].speedMetresPerSecond), 5.14, accuracy: 0.01)
        XCTAssertEqual(fixes[0].headingDegrees, 90)
        XCTAssertEqual(fixes[2].batteryPercent, 50)
        XCTAssertEqual(try test.storedActivities(of: anna), [.walking], "the JSON body's activity, stored once")
    }
}
