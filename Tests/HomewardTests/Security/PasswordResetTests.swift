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

    func testAResetLinkSetsANewPasswordOnceAndEndsEverySessionButNoPhone() throws {
        let test = try TestApp()
        let owner = try test.makeAccount(password: "Owner-Pass-123")
        try test.withClient { client in
            let other = try client.logIn(phone: owner.phone, password: "Owner-Pass-123")
            let key = try client.send(.post, "/v1/me/devices", token: owner.token, body: API.DeviceRequest(name: "Phone")).string("key", expecting: .created)
            let fix = { try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic("owner", key), body: []).status }
            let token = try token(for: owner, in: test)
            let weak = try client.send(.post, "/v1/password-reset", body: Reset(token: token, newPassword: "short"))
            XCTAssertEqual(weak.status, .badRequest)
            XCTAssertEqual(weak.errorField, "newPassword")
            XCTAssertEqual(try client.send(.post, "/v1/password-reset", body: Reset(token: token, newPassword: "Owner-Pass-456")).status, .noContent)
            for session in [owner.token, other] {
                XCTAssertEqual(try client.send(.get, "/v1/me", token: session).status, .unauthorized, "every session ends")
            }
            XCTAssertEqual(try fix(), .ok, "the phone set up with a device key keeps sending")
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

    private struct MailRequest: Encodable {
        let phone: String
        var country: String?
    }

    func testForgotPasswordMailsALinkToTheAccountsEmailAddressesWithoutSayingWhetherItExists() throws {
        let receiver = try TestMailRelay.start()
        let test = try TestApp {
            TestMailRelay.send(&$0, through: receiver)
            $0.defaultCountry = "GB"
        }
        let owner = try test.makeAccount(name: "Tom", password: "Owner-Pass-123")
        try test.app.database.write { db in try db.execute("UPDATE accounts SET phone = '+442079460958' WHERE key = ?", owner.key) }
        try test.withClient { client in
            let added = try client.execute(.post, "/v1/me/channels", headers: owner.auth,
                                           body: JSONBody.encode(API.ChannelRequest.email("tom@example.org")))
            XCTAssertEqual(added.status.code, 201, added.text)
            // Unknown phones and known ones get the same answer.
            XCTAssertEqual(try client.send(.post, "/v1/password-reset/email", body: MailRequest(phone: "+15550001234")).status, .accepted)
            XCTAssertEqual(try client.send(.post, "/v1/password-reset/email", body: MailRequest(phone: "020 7946 0958")).status, .accepted)
            XCTAssertEqual(try client.send(.post, "/v1/password-reset/email", body: MailRequest(phone: "tom")).errorField, "phone")
        }
        let mail = try receiver.waitForRecord { $0.subject == "Choose a new Homeward password" }
        XCTAssertEqual(mail.rcptTos, ["tom@example.org"])
        let text = try XCTUnwrap(mail.text)
        let start = try XCTUnwrap(text.range(of: "https://homeward.example.org/#reset/"))
        let token = String(text[start.upperBound...].prefix { !$0.isWhitespace })
        try test.withClient { client in
            XCTAssertEqual(try client.send(.post, "/v1/password-reset", body: Reset(token: token, newPassword: "Owner-Pass-456")).status, .noContent)
            _ = try client.logIn(phone: "+442079460958", password: "Owner-Pass-456")
        }
    }

    func testForgotPasswordMailsAreLimitedPerPhoneSilentlyAndPerAddressWith429() throws {
        let test = try TestApp()
        let owner = try test.makeAccount()
        try test.withClient { client in
            for _ in 0..<RateLimitPolicy.passwordResetEmailsPerClientAddress.maxFailures {
                XCTAssertEqual(try client.send(.post, "/v1/password-reset/email", body: MailRequest(phone: owner.phone)).status, .accepted)
            }
            XCTAssertEqual(test.app.rateLimiter.check(owner.phone, under: .passwordResetEmailsPerPhone),
                           .limited(retryAfterSeconds: Int(RateLimitPolicy.passwordResetEmailsPerPhone.windowSeconds)),
                           "past 3 an hour no more mail goes out for the phone, and the answer does not say so")
            let limited = try client.send(.post, "/v1/password-reset/email", body: MailRequest(phone: owner.phone))
            XCTAssertEqual(limited.status, .tooManyRequests)
            XCTAssertEqual(limited.errorMessage, "Too many password emails asked for from this address; try again in 1 hour.")
        }
    }
}
