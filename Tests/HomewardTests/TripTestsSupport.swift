import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// Helpers shared by the trip tests: starting a trip, joining one, feeding fixes.
extension TestApp {
    /// Starts a trip for `traveller` over `client`; fails the test unless 201.
    func startTrip(
        _ client: HTTPTestClient, for traveller: Account, body: API.TripRequest = .walkHome,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> TripResource {
        let response = try client.execute(.post, "/v1/trips", headers: traveller.auth, body: JSONBody.encode(body))
        XCTAssertEqual(response.status, .created, response.text, file: file, line: line)
        return try response.decode(TripResource.self)
    }

    /// Joins the active trip of `traveller` as `companion` with `code`.
    func join(_ client: HTTPTestClient, _ traveller: Account, as companion: Account, code: String) throws -> HTTPTestResponse {
        try client.execute(
            .post, "/v1/trips/join", headers: companion.auth,
            body: JSONBody.encode(API.TripJoin(phone: traveller.phone, accessCode: code)))
    }

    /// Feeds fixes of `account` to the trip monitor as ingest would: inside one write transaction,
    /// publishing the events once it committed.
    func observe(_ fixes: [ObservedFix], of account: Account) throws {
        let events = try app.database.write { db in
            try app.locationObservers.flatMap { try $0.observe(fixes, of: account.key, in: db) }
        }
        events.forEach(app.events.publish)
    }

    /// The alerts of `account`, oldest first, as (type, status, cause).
    func alerts(of account: Account) throws -> [(type: String, status: String, cause: String)] {
        try app.database.read { db in
            try db.fetchAll("SELECT type, status, cause FROM alerts WHERE account_key = ? ORDER BY key", [account.key]) { row in
                (type: try row.value(at: 0), status: try row.value(at: 1), cause: try row.value(at: 2))
            }
        }
    }
}
