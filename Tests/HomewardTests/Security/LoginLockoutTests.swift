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
        try test.withClient(.live) { client in
            var statuses: [Int] = []
            for attempt in 0..<12 {
                let response = try client.send(from: Self.stranger, .post, "/v1/sessions",
                    body: API.Credentials(phone: owner.phone, password: "guess-\(attempt)-xyz"))
                statuses.append(response.status.code)
            }
            let allowed = test.app.configuration.maxFailedAttempts
            XCTAssertEqual(statuses, Array(repeating: 401, count: allowed) + Array(repeating: 429, count: 12 - allowed))
            // Even the right password is refused from the guessing address while it is limited.
            XCTAssertEqual(try client.send(from: Self.stranger, .post, "/v1/sessions",
                body: API.Credentials(phone: owner.phone, password: "Owner-Pass-123")).status, .tooManyRequests)

            let token = try client.logIn(phone: owner.phone, password: "Owner-Pass-123")
            XCTAssertEqual(try client.send(.put, "/v1/me/password", token: token,
                body: API.PasswordChange(currentPassword: "Owner-Pass-123", newPassword: "Owner-Pass-456")).status, .noContent)
            XCTAssertEqual(try client.send(.delete, "/v1/me", token: token,
                body: API.PasswordConfirmation(password: "Owner-Pass-456")).status, .noContent)
        }
    }

    func testAStrangersWrongLoginsFromTheOwnersOwnAddressNeverStopTheSignedInOwner() throws {
        let test = try TestApp()
        let owner = try test.makeAccount(password: "Owner-Pass-123")
        try test.withClient(.live) { client in
            let token = try client.logIn(phone: owner.phone, password: "Owner-Pass-123")
            // Someone on the same home network guesses until logins from here are refused.
            for attempt in 0..<(RateLimitPolicy.loginFailuresPerClientAddress.maxFailures + 2) {
                _ = try client.send(.post, "/v1/sessions", body: API.Credentials(phone: owner.phone, password: "guess-\(attempt)-xyz"))
            }
            XCTAssertEqual(try client.send(.post, "/v1/sessions",
                body: API.Credentials(phone: owner.phone, password: "Owner-Pass-123")).status, .tooManyRequests)
            // The owner, signed in from that same address, still changes the password and deletes the account.
            XCTAssertEqual(try client.send(.put, "/v1/me/password", token: token,
                body: API.PasswordChange(currentPassword: "Owner-Pass-123", newPassword: "Owner-Pass-456")).status, .noContent)
            XCTAssertEqual(try client.send(.delete, "/v1/me", token: token,
                body: API.PasswordConfirmation(password: "Owner-Pass-456")).status, .noContent)
        }
    }

    func testAMistypedPhoneAtLoginSaysSoAndCountsTowardsNoLimit() throws {
        let test = try TestApp()
        let owner = try test.makeAccount(password: "Owner-Pass-123")
        try test.withClient(.live) { client in
            for _ in 0..<(RateLimitPolicy.loginFailuresPerClientAddress.maxFailures + 2) {
                let answer = try client.send(.post, "/v1/sessions", body: API.Credentials(phone: "07700 9OO123", password: "Owner-Pass-123"))
                XCTAssertEqual(answer.status, .badRequest)
                XCTAssertEqual(answer.errorField, "phone")
            }
            _ = try client.logIn(phone: owner.phone, password: "Owner-Pass-123")
        }
    }

    func testGuessingSpreadOverManyAddressesSlowsEveryLoginForThatPhoneButNeverRefusesTheOwner() throws {
        let test = try TestApp()
        let owner = try test.makeAccount(password: "Owner-Pass-123")
        let ceiling = RateLimitPolicy.loginFailuresPerPhoneCeiling.maxFailures
        try test.withClient(.live) { client in
            // Four guesses from each of many addresses: each stays under its own limits.
            var guesses = 0
            for host in 2...((ceiling / 4) + 1) where guesses < ceiling {
                for _ in 0..<4 where guesses < ceiling {
                    let answer = try client.send(from: "127.0.0.\(host)", .post, "/v1/sessions",
                        body: API.Credentials(phone: owner.phone, password: "guess-\(guesses)-xyz"))
                    XCTAssertEqual(answer.status.code, 401)
                    guesses += 1
                }
            }
            // Past the ceiling a wrong guess from a fresh address waits, and so does the owner, who
            // still gets in: slowed, never refused.
            let started = Date()
            let wrong = try client.send(from: "127.0.0.100", .post, "/v1/sessions",
                body: API.Credentials(phone: owner.phone, password: "guess-late-xyz"))
            XCTAssertEqual(wrong.status.code, 401)
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), LoginLimits.slowdownSeconds * 0.9)
            let ownerStarted = Date()
            let right = try client.send(from: "127.0.0.101", .post, "/v1/sessions",
                body: API.Credentials(phone: owner.phone, password: "Owner-Pass-123"))
            XCTAssertEqual(right.status.code, 201, right.text)
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(ownerStarted), LoginLimits.slowdownSeconds * 0.9)
            // Another account is not slowed.
            let other = try test.makeAccount(password: "Other-Pass-123")
            let otherStarted = Date()
            XCTAssertEqual(try client.send(from: "127.0.0.102", .post, "/v1/sessions",
                body: API.Credentials(phone: other.phone, password: "Other-Pass-123")).status.code, 201)
            XCTAssertLessThan(Date().timeIntervalSince(otherStarted), LoginLimits.slowdownSeconds * 0.9)
        }
    }

    func testOneAddressIsRefusedAfterGuessingAcrossManyAccounts() throws {
        let test = try TestApp()
        let accounts = try (0..<5).map { _ in try test.makeAccount() }
        try test.withClient(.live) { client in
            let limit = RateLimitPolicy.loginFailuresPerClientAddress.maxFailures
            var statuses: [Int] = []
            for attempt in 0..<(limit + 3) {
                let phone = accounts[attempt % accounts.count].phone
                statuses.append(try client.send(from: Self.stranger, .post, "/v1/sessions",
                    body: API.Credentials(phone: phone, password: "guess-\(attempt)-xyz")).status.code)
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
        try test.withClient(.live) { client in
            var statuses: [Int] = []
            for attempt in 0..<8 {
                statuses.append(try client.send(from: Self.stranger, .put, "/v1/me/password", token: owner.token,
                    body: API.PasswordChange(currentPassword: "guess-\(attempt)-xyz", newPassword: "Thief-Pass-999")).status.code)
            }
            let allowed = test.app.configuration.maxFailedAttempts
            XCTAssertEqual(statuses, Array(repeating: 403, count: allowed) + Array(repeating: 429, count: 8 - allowed))
            XCTAssertEqual(try client.send(.put, "/v1/me/password", token: owner.token,
                body: API.PasswordChange(currentPassword: "Owner-Pass-123", newPassword: "Owner-Pass-456")).status, .noContent)
        }
    }

    func testBasicLoginOfATrackingClientFollowsTheSameLimits() throws {
        let test = try TestApp()
        let owner = try test.makeAccount(password: "Owner-Pass-123")
        try test.withClient(.live) { client in
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
