import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// A forgotten password: a one-time link, working for an hour, sets a new one and ends every session.
final class PasswordResetTests: XCTestCase {
    private struct Reset: Encodable {
        let token: String
        let newPassword: String
    }

    private func token(for account: TestApp.Account, in test: TestApp) throws -> String {
        let link = try PasswordResetToken.link(
            forPhone: account.phone, in: test.app.database, secrets: test.app.secrets, base: "https://homeward.example.org/",
            at: test.clock.now())
        XCTAssertTrue(link.hasPrefix("https://homeward.example.org/#reset/"), link)
        return String(link.dropFirst("https://homeward.example.org/#reset/".count))
    }

    func testAResetLinkSetsANewPasswordOnceAndEndsEverySession() throws {
        let test = try TestApp()
        let owner = try test.makeAccount(password: "Owner-Pass-123")
        try test.withClient { client in
            let other = try client.logIn(phone: owner.phone, password: "Owner-Pass-123")
            let token = try token(for: owner, in: test)
            let weak = try client.send(.post, "/v1/password-reset", body: Reset(token: token, newPassword: "short"))
            XCTAssertEqual(weak.status, .badRequest)
            XCTAssertEqual(weak.errorField, "newPassword")
            XCTAssertEqual(try client.send(.post, "/v1/password-reset", body: Reset(token: token, newPassword: "Owner-Pass-456")).status, .noContent)
            for session in [owner.token, other] {
                XCTAssertEqual(try client.send(.get, "/v1/me", token: session).status, .unauthorized, "every session ends")
            }
            _ = try client.logIn(phone: owner.phone, password: "Owner-Pass-456")
            let again = try client.send(.post, "/v1/password-reset", body: Reset(token: token, newPassword: "Thief-Pass-789"))
            XCTAssertEqual(again.status, .forbidden, "a link works once")
            XCTAssertEqual(again.errorMessage, "This link has expired or was already used: ask for a new one.")
        }
    }

    func testAResetLinkExpiresAfterAnHourAndCannotBeForged() throws {
        let test = try TestApp()
        let owner = try test.makeAccount(password: "Owner-Pass-123")
        let stranger = try test.makeAccount(password: "Stranger-Pass-1")
        try test.withClient { client in
            let token = try token(for: owner, in: test)
            let parts = token.split(separator: ".")
            let forged = [
                "\(stranger.id).\(parts[1]).\(parts[2])",
                "\(parts[0]).\(Int(parts[1])! + 86_400).\(parts[2])",
                "\(parts[0]).\(parts[1]).AAAA",
                "not-a-token",
            ]
            for text in forged {
                XCTAssertEqual(try client.send(.post, "/v1/password-reset", body: Reset(token: text, newPassword: "Thief-Pass-789")).status, .forbidden, text)
            }
            test.clock.advance(bySeconds: PasswordResetToken.lifetimeSeconds + 1)
            XCTAssertEqual(try client.send(.post, "/v1/password-reset", body: Reset(token: token, newPassword: "Owner-Pass-456")).status, .forbidden)
            _ = try client.logIn(phone: owner.phone, password: "Owner-Pass-123")
        }
    }
}
