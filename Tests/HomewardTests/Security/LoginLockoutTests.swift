import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// Password guessing is refused per (client address, account) and per client address, and never
/// per account alone: a stranger guessing from elsewhere cannot stop the owner from logging in,
/// changing the password or deleting the account. The stranger's requests come from 127.0.0.2.
final class LoginLockoutTests: XCTestCase {
    private static let stranger = "127.0.0.2"

    func testAStrangersWrongGuessesNeverLockTheOwnerOut() throws {
        let test = try TestApp()
        let owner = try test.makeAccount(password: "Owner-Pass-123")
        try test.withClient { client in
            var statuses: [Int] = []
            for attempt in 0..<12 {
                let response = try client.send(from: Self.stranger, .post, "/v1/sessions",
                    json: #"{"phone":"\#(owner.phone)","password":"guess-\#(attempt)-xyz"}"#)
                statuses.append(response.status.code)
            }
            let allowed = test.app.configuration.maxFailedAttempts
            XCTAssertEqual(statuses, Array(repeating: 401, count: allowed) + Array(repeating: 429, count: 12 - allowed))
            // Even the right password is refused from the guessing address while it is limited.
            XCTAssertEqual(try client.send(from: Self.stranger, .post, "/v1/sessions",
                json: #"{"phone":"\#(owner.phone)","password":"Owner-Pass-123"}"#).status, .tooManyRequests)

            let token = try client.logIn(phone: owner.phone, password: "Owner-Pass-123")
            XCTAssertEqual(try client.send(.put, "/v1/me/password", token: token,
                json: #"{"currentPassword":"Owner-Pass-123","newPassword":"Owner-Pass-456"}"#).status, .noContent)
            XCTAssertEqual(try client.send(.delete, "/v1/me", token: token,
                json: #"{"password":"Owner-Pass-456"}"#).status, .noContent)
        }
    }

    func testOneAddressIsRefusedAfterGuessingAcrossManyAccounts() throws {
        let test = try TestApp()
        let accounts = try (0..<5).map { _ in try test.makeAccount() }
        try test.withClient { client in
            let limit = RateLimitPolicy.loginFailuresPerClientAddress.maxFailures
            var statuses: [Int] = []
            for attempt in 0..<(limit + 3) {
                let phone = accounts[attempt % accounts.count].phone
                statuses.append(try client.send(from: Self.stranger, .post, "/v1/sessions",
                    json: #"{"phone":"\#(phone)","password":"guess-\#(attempt)-xyz"}"#).status.code)
            }
            XCTAssertEqual(statuses.filter { $0 == 401 }.count, limit)
            XCTAssertEqual(statuses.suffix(3), [429, 429, 429])
            // Another address is unaffected.
            _ = try client.logIn(phone: accounts[0].phone)
        }
    }

    func testAStolenTokenCannotGuessThePasswordButTheOwnerStillChangesIt() throws {
        let test = try TestApp()
        let owner = try test.makeAccount(password: "Owner-Pass-123")
        try test.withClient { client in
            var statuses: [Int] = []
            for attempt in 0..<8 {
                statuses.append(try client.send(from: Self.stranger, .put, "/v1/me/password", token: owner.token,
                    json: #"{"currentPassword":"guess-\#(attempt)-xyz","newPassword":"Thief-Pass-999"}"#).status.code)
            }
            let allowed = test.app.configuration.maxFailedAttempts
            XCTAssertEqual(statuses, Array(repeating: 403, count: allowed) + Array(repeating: 429, count: 8 - allowed))
            XCTAssertEqual(try client.send(.put, "/v1/me/password", token: owner.token,
                json: #"{"currentPassword":"Owner-Pass-123","newPassword":"Owner-Pass-456"}"#).status, .noContent)
        }
    }

    func testBasicLoginOfATrackingClientFollowsTheSameLimits() throws {
        let test = try TestApp()
        let owner = try test.makeAccount(password: "Owner-Pass-123")
        try test.withClient { client in
            func basic(_ password: String) -> HTTPHeaders {
                ["Authorization": "Basic " + Data("\(owner.phone):\(password)".utf8).base64EncodedString()]
            }
            for attempt in 0..<10 {
                _ = try client.send(from: Self.stranger, .post, "/v1/clients/owntracks", headers: basic("guess-\(attempt)"))
            }
            XCTAssertEqual(try client.send(from: Self.stranger, .post, "/v1/clients/owntracks",
                headers: basic("guess-x")).status, .tooManyRequests)
            XCTAssertEqual(try client.execute(.post, "/v1/clients/owntracks", headers: basic("Owner-Pass-123")).status, .ok)
        }
    }
}
