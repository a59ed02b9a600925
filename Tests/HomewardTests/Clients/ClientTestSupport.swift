import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// Helpers shared by the tracking-client tests: device keys, Basic headers, what was stored.
extension TestApp {
    /// Issues a device key for `account` over `client`.
    func deviceKey(_ client: HTTPTestClient, _ account: Account) throws -> String {
        let response = try client.execute(.post, "/v1/me/devices", headers: account.auth, body: JSONBody.encode(API.DeviceRequest(name: "Tablet")))
        XCTAssertEqual(response.status, .created, response.text)
        return try response.decode(API.NewDevice.self).key
    }

    /// Every stored fix of `account`, flagged ones included, oldest first.
    func storedLocations(of account: Account) throws -> [StoredLocation] {
        try app.database.read { db in
            try LocationStore(db: db).history(
                of: account.key, from: Timestamp(unixMilliseconds: 0), to: Timestamp(unixMilliseconds: Int64.max - 1),
                after: nil, limit: 1000, includingFlagged: true)
        }
    }

    /// The activities of `account`'s stored motion reports, oldest first.
    func storedActivities(of account: Account) throws -> [MotionActivity?] {
        try app.database.read { db in
            try db.fetchAll("SELECT activity FROM motion WHERE account_key = ? ORDER BY t_ms", [account.key]) { row in
                (try row.value(at: 0) as Int64?).flatMap(MotionActivity.init(code:))
            }
        }
    }

    /// The client reports of `account` of `kind`, oldest first.
    func clientReports(of account: Account, kind: ClientReport.Kind) throws -> [(name: String?, time: Timestamp, lat: Double?, lon: Double?, body: String)] {
        try app.database.read { try ClientReportStore(db: $0).reports(of: account.key, kind: kind) }
    }

    /// `Authorization: Basic user:password` and a JSON content type.
    static func basic(_ user: String, _ password: String) -> HTTPHeaders {
        ["Authorization": "Basic " + Data("\(user):\(password)".utf8).base64EncodedString(), "Content-Type": "application/json"]
    }
}
