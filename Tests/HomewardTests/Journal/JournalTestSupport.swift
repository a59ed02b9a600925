import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// JSON shapes and request helpers shared by the journal, episode and share tests.
enum JournalTestSupport {
    /// The body of a JSON value as bytes.
    static func body(_ json: String) -> [UInt8] { Array(json.utf8) }

    /// Sends a JSON body with `account`'s token.
    static func send(
        _ client: HTTPTestClient, _ method: HTTPMethod, _ target: String, as account: TestApp.Account, json: String? = nil
    ) throws -> HTTPTestResponse {
        try client.execute(method, target, headers: account.auth, body: json.map(body) ?? [])
    }

    /// Sends `body` encoded as JSON with `account`'s token.
    static func send(
        _ client: HTTPTestClient, _ method: HTTPMethod, _ target: String, as account: TestApp.Account, body: some Encodable
    ) throws -> HTTPTestResponse {
        try client.execute(method, target, headers: account.auth, body: JSONBody.encode(body))
    }
}

/// An entry as the API returns it.
struct EntryBody: Decodable, Equatable {
    let id: String
    let kind: String
    let t: String
    let millilitres: Int?
    let name: String?
    let servings: Double?
    let calories: Double?
    let minutes: Int?
    let start: String?
    let end: String?
    let carbs: Double?
    let servingSize: Double?
    let description: String?
    let picture: String?
    let icon: String?
}

/// `GET /v1/journal`.
struct EntryListBody: Decodable {
    let entries: [EntryBody]
    let nextCursor: String?
}

/// `GET /v1/journal/daily`.
struct DailyBody: Decodable {
    struct Day: Decodable, Equatable {
        let date: String
        let waterMillilitres: Int
        let calories: Int
        let caloriesBurned: Int
        let exerciseMinutes: Int
        let sleepMinutes: Int
        let proteinGrams: Int
    }
    let days: [Day]
}

extension JournalTestSupport {
    /// Checks that each of `paths` (which may carry a query already) answers `person`'s data with
    /// `accountId` to the person and a guardian, and 404 or 401 to everyone else: a stranger, an
    /// unknown id, an ex-guardian after unlinking, a revoked token, no token and an expired token.
    static func assertReadableOnlyBySelfAndGuardians(
        _ paths: [String], of person: TestApp.Account, in test: TestApp, client: HTTPTestClient, expecting marker: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let guardian = try test.makeAccount()
        let exGuardian = try test.makeAccount()
        let revoked = try test.makeAccount()
        let stranger = try test.makeAccount()
        for watcher in [guardian, exGuardian, revoked] { try test.link(guardian: watcher, dependent: person) }
        try test.app.database.write { db in
            try db.execute("DELETE FROM links WHERE guardian_key = ?", exGuardian.key)
            try db.execute("DELETE FROM sessions WHERE account_key = ?", revoked.key)
        }
        func target(_ path: String, _ id: String) -> String {
            path + (path.contains("?") ? "&" : "?") + "accountId=\(id)"
        }
        for path in paths {
            for reader in [person, guardian] {
                let read = try send(client, .get, target(path, person.id), as: reader)
                XCTAssertEqual(read.status, .ok, path, file: file, line: line)
                XCTAssertTrue(read.text.contains(marker), "\(path): \(read.text)", file: file, line: line)
            }
            XCTAssertEqual(try send(client, .get, target(path, person.id), as: stranger).status, .notFound, path, file: file, line: line)
            XCTAssertEqual(try send(client, .get, target(path, "0123456789abcdef0123456789abcdef"), as: guardian).status,
                           .notFound, path, file: file, line: line)
            XCTAssertEqual(try send(client, .get, target(path, person.id), as: exGuardian).status, .notFound, path, file: file, line: line)
            XCTAssertEqual(try send(client, .get, target(path, person.id), as: revoked).status, .unauthorized, path, file: file, line: line)
            XCTAssertEqual(try client.execute(.get, target(path, person.id)).status, .unauthorized, path, file: file, line: line)
        }
        test.clock.advance(bySeconds: Int64(test.app.configuration.sessionLifetimeSeconds) + 1)
        defer { test.clock.advance(bySeconds: -Int64(test.app.configuration.sessionLifetimeSeconds) - 1) }
        for path in paths {
            XCTAssertEqual(try send(client, .get, target(path, person.id), as: guardian).status, .unauthorized,
                           "expired token: \(path)", file: file, line: line)
        }
    }
}
