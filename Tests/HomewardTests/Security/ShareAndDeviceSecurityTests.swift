import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// Share links are listed, revoked by id and expire; a changed password ends share links, device
/// keys, the verification code and the other sessions. A device key reads others only when made to
/// and sent in a header; in a URL query it only writes.
final class ShareAndDeviceSecurityTests: XCTestCase {
    private func basic(_ user: String, _ password: String) -> HTTPHeaders {
        ["Authorization": "Basic " + Data("\(user):\(password)".utf8).base64EncodedString(), "Content-Type": "application/json"]
    }

    private func share(_ client: HTTPTestClient, _ account: TestApp.Account, seconds: Int = 3600) throws -> (id: String, token: String) {
        let response = try client.send(.post, "/v1/shares", token: account.token,
            body: API.ShareRequest(scope: "locations", expiresInSeconds: seconds))
        return (try response.string("id", expecting: .created), try response.string("token", expecting: .created))
    }

    private func listedShareIDs(_ client: HTTPTestClient, _ account: TestApp.Account) throws -> [String] {
        let response = try client.send(.get, "/v1/shares", token: account.token)
        XCTAssertEqual(response.status, .ok, response.text)
        return try response.decode(API.ShareList.self).shares.map(\.id)
    }

    func testSharesAreListedWithoutTokensRevokedByIdAndExpire() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let stranger = try test.makeAccount()
        try test.withClient { client in
            let first = try share(client, anna)
            test.clock.advance(bySeconds: 1)
            let second = try share(client, anna, seconds: 120)
            XCTAssertEqual(try listedShareIDs(client, anna), [first.id, second.id])
            XCTAssertFalse(try client.send(.get, "/v1/shares", token: anna.token).text.contains(first.token))
            XCTAssertEqual(try listedShareIDs(client, stranger), [])

            XCTAssertEqual(try client.send(.delete, "/v1/shares/\(first.id)", token: stranger.token).status, .notFound)
            XCTAssertEqual(try client.send(.get, "/v1/shared/\(first.token)/locations").status, .ok)
            XCTAssertEqual(try client.send(.delete, "/v1/shares/\(first.id)", token: anna.token).status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/shared/\(first.token)/locations").status, .notFound)
            XCTAssertEqual(try listedShareIDs(client, anna), [second.id])

            test.clock.advance(bySeconds: 121)
            XCTAssertEqual(try client.send(.get, "/v1/shared/\(second.token)/locations").status, .notFound)
            XCTAssertEqual(try listedShareIDs(client, anna), [])
        }
    }

    func testAChangedPasswordEndsSharesTheCodeAndOtherSessionsButKeepsDeviceKeys() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(password: "Anna-Pass-123")
        let ben = try test.makeAccount()
        try test.withClient { client in
            let link = try share(client, anna)
            let made = try client.send(.post, "/v1/me/devices", token: anna.token, body: API.DeviceRequest(name: "Phone"))
            let key = try made.string("key", expecting: .created)
            let deviceID = try made.string("id", expecting: .created)
            // The phone set up by QR code (a post-only key): a father's phone must not fall silent
            // because his password changed.
            let setup = try client.send(.post, "/v1/accounts/\(anna.id)/phone-setup", token: anna.token, json: #"{"app":"traccar"}"#)
            XCTAssertEqual(setup.status, .created, setup.text)
            let setupLink = try setup.string("link", expecting: .created)
            let postOnly = try XCTUnwrap(URLComponents(string: setupLink)?.queryItems?.first { $0.name == "id" }?.value)
            try client.setCode("555123", for: anna)
            let thief = try client.logIn(phone: anna.phone, password: "Anna-Pass-123")
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: basic("x", key)).status, .ok)

            XCTAssertEqual(try client.send(.put, "/v1/me/password", token: anna.token,
                body: API.PasswordChange(currentPassword: "Anna-Pass-123", newPassword: "Anna-Pass-456")).status, .noContent)

            XCTAssertEqual(try client.send(.get, "/v1/shared/\(link.token)/locations").status, .notFound)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: thief).status, .unauthorized)
            XCTAssertEqual(try client.send(.post, "/v1/links", token: ben.token,
                body: API.LinkRequest(phone: anna.phone, code: "555123")).status, .forbidden)
            XCTAssertEqual(try listedShareIDs(client, anna), [])
            // The phones keep sending, and each is listed to be removed on its own.
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: basic("x", key)).status, .ok)
            XCTAssertEqual(try client.execute(.get, "/v1/clients/osmand?id=\(postOnly)&lat=51.5&lon=-0.12").status, .ok)
            let listed = try client.send(.get, "/v1/me/devices", token: anna.token).text
            XCTAssertTrue(listed.contains(deviceID), listed)
            XCTAssertEqual(try client.send(.delete, "/v1/me/devices/\(deviceID)", token: anna.token).status, .noContent)
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: basic("x", key)).status, .unauthorized)
        }
    }

    func testARevokedDeviceKeyStopsAtOnceEvenAsARememberedBasicPassword() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let created = try client.send(.post, "/v1/me/devices", token: anna.token, body: API.DeviceRequest(name: "OwnTracks"))
            let key = try created.string("key", expecting: .created)
            let id = try created.string("id", expecting: .created)
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: basic("anna", key)).status, .ok)
            XCTAssertEqual(try client.send(.delete, "/v1/me/devices/\(id)", token: anna.token).status, .noContent)
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: basic("anna", key)).status, .unauthorized)
        }
    }

    func testADeviceKeyReadsOthersOnlyWhenMadeToAndOnlyFromAHeader() throws {
        let test = try TestApp()
        let gina = try test.makeAccount(name: "Gina Guardian")
        let ben = try test.makeAccount(name: "Ben Dependent")
        try test.link(guardian: gina, dependent: ben)
        try test.withClient { client in
            let fix = #"{"_type":"location","lat":51.5,"lon":-0.12,"tst":\#(test.clock.now().unixMilliseconds / 1000),"acc":10}"#
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: basic(ben.phone, ben.password),
                body: Array(fix.utf8)).status, .ok)
            let plain = try client.send(.post, "/v1/me/devices", token: gina.token, body: API.DeviceRequest(name: "Tablet"))
            XCTAssertEqual(try plain.decode(API.NewDevice.self).readsOthers, false)
            let plainKey = try plain.string("key", expecting: .created)
            let reader = try client.send(.post, "/v1/me/devices", token: gina.token, body: API.DeviceRequest(name: "Phone", readsOthers: true))
            XCTAssertEqual(try reader.decode(API.NewDevice.self).readsOthers, true)
            let readerKey = try reader.string("key", expecting: .created)

            let withRight = try client.execute(.post, "/v1/clients/owntracks", headers: basic("gina", readerKey)).text
            XCTAssertTrue(withRight.contains(ben.id), withRight)
            let bearer = try client.execute(.post, "/v1/clients/owntracks", headers: ["Authorization": "Bearer \(readerKey)"]).text
            XCTAssertTrue(bearer.contains(ben.id), bearer)

            let withoutRight = try client.execute(.post, "/v1/clients/owntracks", headers: basic("gina", plainKey)).text
            XCTAssertFalse(withoutRight.contains(ben.id), withoutRight)
            XCTAssertTrue(withoutRight.contains(gina.id), withoutRight)

            // With a zone to send, the key from the query still gets nothing: not even setWaypoints.
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: 51.5, lon: -0.12, radius: 100))
            let zoned = try client.execute(.post, "/v1/accounts/\(gina.id)/zones",
                headers: ["Authorization": "Bearer \(gina.token)", "Content-Type": "application/json"], body: zone)
            XCTAssertEqual(zoned.status.code, 201, zoned.text)
            let fromQuery = try client.execute(.post, "/v1/clients/owntracks?token=\(readerKey)", headers: ["Content-Type": "application/json"],
                body: Array(fix.utf8))
            XCTAssertEqual(fromQuery.status, .ok)
            XCTAssertEqual(fromQuery.text, "[]")

            let overland = #"{"locations":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-0.1,51.6]},"properties":{"timestamp":"2026-01-01T00:00:00Z","horizontal_accuracy":5}}]}"#
            let written = try client.execute(.post, "/v1/clients/overland?token=\(plainKey)",
                headers: ["Content-Type": "application/json"], body: Array(overland.utf8))
            XCTAssertEqual(written.text, #"{"result":"ok"}"#)
            let listed = try client.send(.get, "/v1/me/devices", token: gina.token).text
            XCTAssertTrue(listed.contains(#""lastUsedAt""#), listed)
        }
        let ginaFixes: Int64? = try test.app.database.read { db in
            try db.fetchOne("SELECT count(*) FROM locations WHERE account_key = ?", [gina.key])
        }
        XCTAssertEqual(ginaFixes, 2)
    }
}
