import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// Every free-text field has a named limit, checked once a gzip body is inflated: a few kilobytes
/// on the wire that inflate to megabytes store nothing.
final class FreeTextLimitTests: XCTestCase {
    /// Characters of the inflated text: far past every limit, still under the decoded-body limit.
    private static let floodCharacters = 4 * 1024 * 1024

    func testACompressedMegabyteTextIsRefusedInEveryFreeTextField() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let flood = String(repeating: "a", count: Self.floodCharacters)
        let cases: [(method: HTTPMethod, target: String, json: String, field: String)] = [
            (.post, "/v1/alerts", #"{"type":"sos","message":"\#(flood)"}"#, "message"),
            (.post, "/v1/alerts/countdown", #"{"reason":"\#(flood)"}"#, "reason"),
            (.patch, "/v1/me", #"{"name":"\#(flood)"}"#, "name"),
            (.post, "/v1/accounts/\(anna.id)/zones", #"{"name":"\#(flood)","center":{"lat":51.5,"lon":-0.1},"radius":100}"#, "name"),
            (.post, "/v1/trips", #"{"mode":"walking","destination":{"lat":51.5,"lon":-0.1,"name":"\#(flood)"}}"#, "destination.name"),
            (.post, "/v1/episodes", #"{"kind":"seizure","start":"2026-01-01T10:00:00Z","note":"\#(flood)"}"#, "note"),
        ]
        try test.withClient { client in
            for entry in cases {
                var headers = anna.auth
                headers.add(name: "Content-Encoding", value: "gzip")
                let compressed = Gzip.compress(Array(entry.json.utf8))
                XCTAssertLessThan(compressed.count, 64 * 1024)
                let response = try client.execute(entry.method, entry.target, headers: headers, body: compressed)
                XCTAssertEqual(response.status, .badRequest, "\(entry.target): \(response.text.prefix(200))")
                XCTAssertEqual(try response.errorField(), entry.field, entry.target)
            }
        }
        let stored = try test.app.database.read { db in
            (alerts: try db.fetchOne("SELECT count(*) FROM alerts") as Int64?,
             zones: try db.fetchOne("SELECT count(*) FROM zones") as Int64?,
             trips: try db.fetchOne("SELECT count(*) FROM trips") as Int64?,
             episodes: try db.fetchOne("SELECT count(*) FROM episodes") as Int64?,
             longestName: try db.fetchOne("SELECT max(length(name)) FROM accounts") as Int64?)
        }
        XCTAssertEqual(stored.alerts, 0)
        XCTAssertEqual(stored.zones, 0)
        XCTAssertEqual(stored.trips, 0)
        XCTAssertEqual(stored.episodes, 0)
        XCTAssertLessThanOrEqual(stored.longestName ?? 0, Int64(AccountService.maxNameCharacters))
    }

    func testTextsAtTheirLimitsAreAccepted() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let message = String(repeating: "é", count: AlertTextLimits.maxMessageCharacters)
            let sos = try client.execute(.post, "/v1/alerts", headers: anna.auth, body: Array(#"{"type":"sos","message":"\#(message)"}"#.utf8))
            XCTAssertEqual(sos.status, .created, sos.text)
            let over = try client.execute(.post, "/v1/alerts/countdown", headers: anna.auth,
                body: Array(#"{"reason":"\#(String(repeating: "b", count: AlertTextLimits.maxReasonCharacters + 1))"}"#.utf8))
            XCTAssertEqual(over.status, .badRequest)
            XCTAssertEqual(try over.errorField(), "reason")
        }
    }
}
