import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// OwnTracks in HTTP mode over a real socket, with messages shaped as the apps send them.
final class OwnTracksTests: XCTestCase {
    private func post(_ client: HTTPTestClient, as person: TestApp.Account, _ json: String) throws -> [OwnTracksMessage] {
        let response = try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(person.phone, person.password), body: Array(json.utf8))
        XCTAssertEqual(response.status, .ok, response.text)
        return try response.decode([OwnTracksMessage].self)
    }

    func testTrackerIDsInOneReplyAreUniqueEvenForTheSameInitials() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina Guardian")
        let siblings = [try test.makeAccount(name: "Anna Smith"), try test.makeAccount(name: "Adam Stone"), try test.makeAccount(name: "Ava Sand")]
        for sibling in siblings { try test.link(guardian: gina, dependent: sibling) }
        try test.withClient(.live) { client in
            let cards = try post(client, as: gina, "").filter { $0.type == "card" }
            let tids = cards.compactMap(\.tid)
            XCTAssertEqual(tids.count, 4)
            XCTAssertEqual(Set(tids).count, 4, "the apps key friends on tid: \(tids)")
            XCTAssertEqual(tids.first, "GG")
            XCTAssertEqual(tids[1], "AS")
        }
        XCTAssertEqual(OwnTracksTrackerIDs.assign(to: ["Anna Smith", "Adam Stone", "", "", "Al"]), ["AS", "AD", "AC", "AE", "AL"])
    }

    func testATransitionBuiltOnAFixThePhoneAlreadyPostedStillConfirmsTheExit() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina Guardian")
        let anna = try test.makeAccount(name: "Anna Smith")
        try test.link(guardian: gina, dependent: anna)
        let home = (lat: 51.5007, lon: -0.1246)
        let start = test.clock.now().unixMilliseconds / 1000 - 7_200
        func message(_ type: String, north: Double, at tst: Int64, extra: String = "") -> String {
            #"{"_type":"\#(type)","lat":\#(home.lat + north / 111_320),"lon":\#(home.lon),"tst":\#(tst),"acc":12,"tid":"AS"\#(extra)}"#
        }
        try test.withClient(.live) { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: home.lat, lon: home.lon, radius: 100))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(anna.id)/zones", headers: gina.auth, body: zone).status, .created)
            for step in 0..<6 { _ = try post(client, as: anna, message("location", north: Double(step % 3) * 4, at: start + Int64(step) * 300)) }
            // iOS: the location first, then a transition made from that very location.
            _ = try post(client, as: anna, message("location", north: 140, at: start + 1_920))
            _ = try post(client, as: anna, message("transition", north: 140, at: start + 1_920, extra: #","event":"leave","desc":"Home","wtst":1,"t":"c""#))
        }
        let open: Int64 = try test.app.database.read { try $0.fetchOne("SELECT count(*) FROM alerts WHERE type = 'left_zone' AND status = 'open'") ?? 0 }
        XCTAssertEqual(open, 1, "a duplicate fix, not a duplicate crossing")
        XCTAssertEqual(try test.storedLocations(of: anna).count, 7)
    }

    func testEncryptedPayloadsAreOpenedWithTheDeviceSecretAndTheReplyIsSealedBack() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna Smith")
        let secret = "correct horse battery staple"
        let box = OwnTracksPayloadBox(secret: secret)
        let tst = test.clock.now().unixMilliseconds / 1000 - 5
        try test.withClient(.live) { client in
            let issued = try client.execute(
                .post, "/v1/me/devices", headers: anna.auth, body: JSONBody.encode(API.DeviceRequest(name: "iPhone", payloadSecret: secret)))
            XCTAssertEqual(issued.status, .created)
            let key = try issued.decode(API.NewDevice.self).key
            let location = #"{"_type":"location","lat":51.5,"lon":-0.12,"tst":\#(tst),"acc":9,"tid":"AS"}"#
            let sealed = #"{"_type":"encrypted","data":"\#(box.seal(Array(location.utf8)))"}"#
            let reply = try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic("anna", key), body: Array(sealed.utf8))
            XCTAssertEqual(reply.status, .ok, reply.text)
            let opened = try reply.decode([OwnTracksMessage].self).map { envelope in
                XCTAssertEqual(envelope.type, "encrypted")
                let plain = try XCTUnwrap(box.open(try XCTUnwrap(envelope.data)))
                return try JSONDecoder().decode(OwnTracksMessage.self, from: Data(plain))
            }
            XCTAssertEqual(opened.map(\.type), ["card", "location"])
            XCTAssertEqual(opened[1].lat, 51.5)

            let wrong = #"{"_type":"encrypted","data":"\#(OwnTracksPayloadBox(secret: "another secret").seal(Array(location.utf8)))"}"#
            let refused = try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic("anna", key), body: Array(wrong.utf8))
            XCTAssertEqual(refused.status, .badRequest, "never a 200 that drops the fix")
            XCTAssertEqual(refused.errorField, "data")
            let noSecret = try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(anna.phone, anna.password), body: Array(sealed.utf8))
            XCTAssertEqual(noSecret.status, .badRequest)
        }
        XCTAssertEqual(try test.storedLocations(of: anna).map(\.lat), [51.5])
        XCTAssertNil(box.open("not base64"))
    }

    func testCardIsKeptStepsBecomeTheDaysStepsAndRepliesCarryTheAvatarAsFace() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina Guardian")
        let anna = try test.makeAccount(name: "Anna Smith")
        try test.link(guardian: gina, dependent: anna)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        let now = test.clock.now().unixMilliseconds / 1000
        try test.withClient(.live) { client in
            XCTAssertEqual(try client.send(.put, "/v1/me/avatar", token: anna.token, headers: ["Content-Type": "image/png"], body: png).status, .noContent)
            _ = try post(client, as: anna, #"{"_type":"card","name":"Anna S.","face":"iVBORw0KGgo=","tid":"AS"}"#)
            _ = try post(client, as: anna, #"{"_type":"steps","steps":4321,"from":\#(now - 3_600),"to":\#(now)}"#)
            _ = try post(client, as: anna, #"{"_type":"steps","steps":4321,"from":\#(now - 3_600),"to":\#(now)}"#)
            let reply = try post(client, as: gina, "")
            let annaCard = try XCTUnwrap(reply.first { $0.name == "Anna Smith" })
            XCTAssertEqual(annaCard.face, Data(png).base64EncodedString())
            let daily = try client.execute(.get, "/v1/accounts/\(anna.id)/location", headers: gina.auth)
            XCTAssertTrue(daily.text.contains(#""steps":4321"#), daily.text)
        }
        let cards = try test.clientReports(of: anna, kind: .card)
        XCTAssertEqual(cards.map(\.name), ["Anna S."])
        XCTAssertTrue(cards[0].body.contains("iVBORw0KGgo="))
    }

    func testRepliesCarryTheSafeZonesAsWaypointsOnceAndReportLocationWhenAGuardianAsks() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina Guardian")
        let anna = try test.makeAccount(name: "Anna Smith")
        let stranger = try test.makeAccount(name: "Stranger")
        try test.link(guardian: gina, dependent: anna)
        func commands(_ reply: [OwnTracksMessage]) -> [String] {
            reply.filter { $0.type == "cmd" }.compactMap(\.action)
        }
        try test.withClient(.live) { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: 51.5007, lon: -0.1246, radius: 120))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(anna.id)/zones", headers: gina.auth, body: zone).status, .created)
            let first = try post(client, as: anna, "")
            XCTAssertEqual(commands(first), ["setWaypoints"])
            let set = try XCTUnwrap(first.first { $0.type == "cmd" })
            let waypoints = try XCTUnwrap(set.waypoints?.waypoints)
            XCTAssertEqual(waypoints.first?.desc, "Home")
            XCTAssertEqual(waypoints.first?.rad, 120)
            XCTAssertEqual(commands(try post(client, as: anna, "")), [], "sent again only when the zones change")

            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(anna.id)/locate", headers: stranger.auth).status, .notFound)
            let asked = try client.execute(.post, "/v1/accounts/\(anna.id)/locate", headers: gina.auth)
            XCTAssertEqual(asked.status, .accepted, asked.text)
            XCTAssertEqual(commands(try post(client, as: anna, "")), ["reportLocation"])
            XCTAssertEqual(commands(try post(client, as: anna, "")), [])
        }
    }
}
