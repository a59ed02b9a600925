import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import XCTest

/// What a client reads when a store refuses a change or a page (the store says why in a domain
/// error; the route or service words the answer): the whole body, so that the wording, the status
/// and the `field` stay as API.md documents them.
final class StoreRefusalTests: XCTestCase {
    private func put(_ json: String) -> [UInt8] { Array(json.utf8) }

    func testACursorTheServerDidNotGiveIsRefusedNamingTheField() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient(.inProcess) { client in
            let answer = try client.execute(.get, "/v1/alerts?cursor=not-a-cursor-at-all", headers: person.auth)
            XCTAssertEqual(answer.status.code, 400)
            XCTAssertEqual(
                answer.text,
                #"{"error":{"code":"invalid_request","message":"cursor must be a value a previous page returned as nextCursor","field":"cursor"}}"#)
        }
    }

    func testZoneRefusalsSayWhichRuleTheZoneBreaks() throws {
        let test = try TestApp { $0.maxZonesPerAccount = 2 }
        let person = try test.makeAccount()
        let path = "/v1/accounts/\(person.id)/zones"
        func zone(home: Bool, timeZone: String) -> [UInt8] {
            put(#"{"name":"Home","center":{"lat":51.5,"lon":-0.12},"radius":100,"home":\#(home),"timeZone":"\#(timeZone)"}"#)
        }
        try test.withClient(.inProcess) { client in
            XCTAssertEqual(try client.execute(.post, path, headers: person.auth, body: zone(home: true, timeZone: "Europe/London")).status.code, 201)
            let secondHome = try client.execute(.post, path, headers: person.auth, body: zone(home: true, timeZone: "Europe/London"))
            XCTAssertEqual(secondHome.status.code, 409)
            XCTAssertEqual(
                secondHome.text, #"{"error":{"code":"conflict","message":"This person already has a home zone; delete it first."}}"#)
            let otherTimeZone = try client.execute(.post, path, headers: person.auth, body: zone(home: false, timeZone: "Europe/Paris"))
            XCTAssertEqual(otherTimeZone.status.code, 400)
            XCTAssertEqual(
                otherTimeZone.text,
                #"{"error":{"code":"invalid_request","message":"timeZone must match the person's other zones (Europe/London).","field":"timeZone"}}"#)
            XCTAssertEqual(try client.execute(.post, path, headers: person.auth, body: zone(home: false, timeZone: "Europe/London")).status.code, 201)
            let third = try client.execute(.post, path, headers: person.auth, body: zone(home: false, timeZone: "Europe/London"))
            XCTAssertEqual(third.status.code, 400)
            XCTAssertEqual(third.text, #"{"error":{"code":"invalid_request","message":"A person may have at most 2 zones."}}"#)
        }
    }

    func testAnEscalationOrderIsRefusedForLengthRepetitionOrAStranger() throws {
        let test = try TestApp()
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        try test.withClient(.inProcess) { client in
            let tooLong = Array(repeating: #""\#(guardian.id)""#, count: EscalationRequest.maxOrderCount + 1).joined(separator: ",")
            let long = try client.execute(.put, "/v1/me/escalation", headers: person.auth, body: put(#"{"order":[\#(tooLong)]}"#))
            XCTAssertEqual(long.status.code, 400)
            XCTAssertEqual(
                long.text,
                #"{"error":{"code":"invalid_request","message":"order may name at most \#(EscalationRequest.maxOrderCount) guardians.","field":"order"}}"#)
            let twice = try client.execute(
                .put, "/v1/me/escalation", headers: person.auth, body: put(#"{"order":["\#(guardian.id)","\#(guardian.id)"]}"#))
            XCTAssertEqual(twice.status.code, 400)
            XCTAssertEqual(twice.text, #"{"error":{"code":"invalid_request","message":"order names a guardian twice.","field":"order"}}"#)
            let stranger = try client.execute(
                .put, "/v1/me/escalation", headers: person.auth, body: put(#"{"order":["\#(guardian.id)","\#(person.id)"]}"#))
            XCTAssertEqual(stranger.status.code, 404)
            XCTAssertEqual(stranger.text, #"{"error":{"code":"not_found","message":"order[1] is not one of your guardians."}}"#)
            let order = try client.execute(.get, "/v1/me/escalation", headers: person.auth)
            XCTAssertFalse(order.text.contains(guardian.id), "a refused order changes nothing: \(order.text)")
        }
    }

    func testAChannelBeyondTheLimitIsRefused() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount()
        try test.withClient(.inProcess) { client in
            for index in 0..<ChannelStore.maxChannelsPerAccount {
                let added = try client.execute(
                    .post, "/v1/me/channels", headers: guardian.auth, body: put(#"{"kind":"ntfy","ntfy":{"url":"https://ntfy.sh/t-\#(index)"}}"#))
                XCTAssertEqual(added.status.code, 201, added.text)
            }
            let over = try client.execute(
                .post, "/v1/me/channels", headers: guardian.auth, body: put(#"{"kind":"ntfy","ntfy":{"url":"https://ntfy.sh/one-more"}}"#))
            XCTAssertEqual(over.status.code, 409)
            XCTAssertEqual(
                over.text,
                #"{"error":{"code":"conflict","message":"An account may have at most \#(ChannelStore.maxChannelsPerAccount) channels; remove one first."}}"#)
        }
    }
}
