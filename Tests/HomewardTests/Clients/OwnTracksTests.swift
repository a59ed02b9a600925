import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// OwnTracks in HTTP mode over a real socket, with messages shaped as the apps send them.
final class OwnTracksTests: XCTestCase {
    private func post(_ client: HTTPTestClient, as person: TestApp.Account, _ json: String) throws -> [[String: Any]] {
        let response = try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(person.phone, person.password), body: Array(json.utf8))
        XCTAssertEqual(response.status, .ok, response.text)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
    }

    func testTrackerIDsInOneReplyAreUniqueEvenForTheSameInitials() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina Guardian")
        let siblings = [try test.makeAccount(name: "Anna Smith"), try test.makeAccount(name: "Adam Stone"), try test.makeAccount(name: "Ava Sand")]
        for sibling in siblings { try test.link(guardian: gina, dependent: sibling) }
        try test.withClient(.live) { client in
            let cards = try post(client, as: gina, "").filter { $0["_type"] as? String == "card" }
            let tids = cards.compactMap { $0["tid"] as? String }
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
            let zone = #"{"name":"Home","center":{"lat":\#(home.lat),"lon":\#(home.lon)},"radius":100}"#
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(anna.id)/zones", headers: gina.auth, body: Array(zone.utf8)).status, .created)
            for step in 0..<6 { _ = try post(client, as: anna, message("location", north: Double(step % 3) * 4, at: start + Int64(step) * 300)) }
            // iOS: the location first, then a transition made from that very location.
            _ = try post(client, as: anna, message("location", north: 140, at: start + 1_920))
            _ = try post(client, as: anna, message("transition", north: 140, at: start + 1_920, extra: #","event":"leave","desc":"Home","wtst":1,"t":"c""#))
        }
        let open: Int64 = try test.app.database.read { try $0.fetchOne("SELECT count(*) FROM alerts WHERE type = 'left_zone' AND status = 'open'") ?? 0 }
        XCTAssertEqual(open, 1, "a duplicate fix, not a duplicate crossing")
        XCTAssertEqual(try test.storedLocations(of: anna).count, 7)
    }
}
