import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// Keys of deleted accounts are never given out again, and nothing of a deleted account stays in memory.
final class KeyReuseTests: XCTestCase {
    private func register(_ test: TestApp, _ client: HTTPTestClient, phone: String) throws -> (key: AccountKey, id: String, token: String) {
        let id = try client.register(phone: phone, name: "Newest")
        let token = try client.logIn(phone: phone)
        let key: AccountKey? = try test.app.database.read { db in try db.fetchOne("SELECT key FROM accounts WHERE phone = ?", [phone]) }
        return (try XCTUnwrap(key), id, token)
    }

    func testADeletedNewestAccountsKeyIsNotGivenToTheNextAndItsTrackerIsGone() throws {
        let test = try TestApp()
        try test.withClient(.inProcess) { client in
            let first = try register(test, client, phone: "+447700900001")
            let auth: HTTPHeaders = ["Authorization": "Bearer \(first.token)", "Content-Type": "application/json"]
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: 51.5, lon: -0.12, radius: 100))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(first.id)/zones", headers: auth, body: zone).status.code, 201)
            let now = Double(test.clock.now().unixMilliseconds) / 1000
            let fixes = (0..<5).map { API.LocationSample(t: now - 50 + Double($0) * 10, lat: 51.5, lon: -0.12, accuracy: 8) }
            let body = JSONBody.encode(API.LocationBatch(samples: fixes))
            XCTAssertEqual(try client.execute(.post, "/v1/locations", headers: auth, body: body).status.code, 200)
            XCTAssertEqual(test.app.zoneObserver.trackedCount, 1)
            XCTAssertNotNil(test.app.statusBoard.status(of: first.key))
            let deletion = JSONBody.encode(API.PasswordConfirmation(password: "Correct-Horse-9"))
            XCTAssertEqual(try client.execute(.delete, "/v1/me", headers: auth, body: deletion).status.code, 204)
            XCTAssertEqual(test.app.zoneObserver.trackedCount, 0, "the deleted person's tracker is gone")
            XCTAssertNil(test.app.statusBoard.status(of: first.key))

            let second = try register(test, client, phone: "+447700900002")
            XCTAssertGreaterThan(second.key, first.key, "a new account never takes a deleted one's key")
            XCTAssertNil(test.app.statusBoard.status(of: second.key))
        }
    }
}
