import Foundation
import Homeward
import XCTest

/// Mail through the outgoing client to a real SMTP server (aiosmtpd, Tests/Receivers/smtp_receiver.py):
/// what arrives, TLS trust, the refusal of plain SMTP, the address policy, and the server's refusals.
final class OutgoingMailTests: XCTestCase {
    private let modules = ["trustme", "aiosmtpd"]

    private func client(caFile: String?, allowing hosts: [String] = ["127.0.0.1"]) -> OutgoingHTTPClient {
        var configuration = OutgoingHTTPClient.Configuration()
        configuration.caFilePath = caFile
        configuration.timeoutSeconds = 20
        return OutgoingHTTPClient(configuration: configuration, policy: OutgoingAddressPolicy(allowedHosts: hosts))
    }

    private func server(_ url: String, username: String? = nil, password: String? = nil, allowPlain: Bool = false) throws -> SMTPServer {
        try SMTPServer(url: url, sender: MailAddress(parsing: "Homeward <alerts@homeward.example.org>"),
                       username: username, password: password, allowPlain: allowPlain)
    }

    private func alert(to recipients: [MailAddress]? = nil, via server: SMTPServer) throws -> MailMessage {
        try MailMessage(
            from: server.sender, to: recipients ?? [MailAddress("zoe@example.org", name: "Zoë Müller")],
            subject: "SOS: Zoë needs help — 北京 🚨", text: "Zoë pressed SOS.\nMap: https://maps.example.org/?q=48.85,2.35\n.\nEnd",
            html: "<p>Zoë pressed <b>SOS</b>.</p>\n<p><a href=\"https://maps.example.org/?q=48.85,2.35\">Map</a></p>")
    }

    func testAMailWithANonASCIISubjectAndNameArrivesIntactOverSTARTTLSWithLogin() throws {
        let receiver = try PythonReceiver<SMTPReceiverRecord>(script: "smtp_receiver.py", arguments: ["--user", "homeward", "--password", "s3cret pass"], modules: modules)
        let client = client(caFile: receiver.file("ca.pem"))
        defer { client.stop() }
        let server = try server("smtp://127.0.0.1:\(receiver.port)", username: "homeward", password: "s3cret pass")
        XCTAssertEqual(server.security, .startTLS)
        let mail = try alert(via: server)
        let reply = try client.perform(mail, via: server).get()
        XCTAssertEqual(reply.code, 250, "\(reply)")
        XCTAssertTrue(reply.text.contains("queued"), "\(reply)")

        let record = try receiver.waitForRecord { _ in true }
        XCTAssertEqual(record.tls, true)
        XCTAssertEqual(record.login, "homeward")
        XCTAssertEqual(record.mailFrom, "alerts@homeward.example.org")
        XCTAssertEqual(record.rcptTos, ["zoe@example.org"])
        XCTAssertEqual(record.from, "Homeward <alerts@homeward.example.org>")
        XCTAssertEqual(record.to, "Zoë Müller <zoe@example.org>")
        XCTAssertEqual(record.subject, "SOS: Zoë needs help — 北京 🚨")
        XCTAssertEqual(record.messageId, mail.messageID)
        XCTAssertEqual(record.mimeVersion, "1.0")
        XCTAssertEqual(record.contentType, "multipart/alternative")
        XCTAssertEqual(record.text, "Zoë pressed SOS.\r\nMap: https://maps.example.org/?q=48.85,2.35\r\n.\r\nEnd")
        XCTAssertEqual(record.html,
                       "<p>Zoë pressed <b>SOS</b>.</p>\r\n<p><a href=\"https://maps.example.org/?q=48.85,2.35\">Map</a></p>")
        XCTAssertEqual(record.bareLineFeed, false)
        XCTAssertLessThanOrEqual(try XCTUnwrap(record.maxLineOctets), 78)
    }

    func testImplicitTLSDeliversToEveryRecipient() throws {
        let receiver = try PythonReceiver<SMTPReceiverRecord>(script: "smtp_receiver.py", arguments: ["--tls", "implicit"], modules: modules)
        let client = client(caFile: receiver.file("ca.pem"))
        defer { client.stop() }
        let server = try server("smtps://127.0.0.1:\(receiver.port)")
        XCTAssertEqual(server.security, .implicitTLS)
        let recipients = try [MailAddress("anna@example.org"), MailAddress("ben@example.net", name: "Ben, the neighbour")]
        XCTAssertEqual(try client.perform(alert(to: recipients, via: server), via: server).get().code, 250)
        let record = try receiver.waitForRecord { _ in true }
        XCTAssertEqual(record.tls, true)
        XCTAssertEqual(record.rcptTos, ["anna@example.org", "ben@example.net"])
        XCTAssertEqual(record.to, "anna@example.org, \"Ben, the neighbour\" <ben@example.net>")
    }

    func testACertificateFromAnotherCAFailsAndNoMailArrives() throws {
        let receiver = try PythonReceiver<SMTPReceiverRecord>(script: "smtp_receiver.py", modules: modules)
        for (caFile, url) in [
            (receiver.file("other-ca.pem"), "smtp://127.0.0.1:\(receiver.port)"), (nil, "smtp://127.0.0.1:\(receiver.port)"),
        ] {
            let client = client(caFile: caFile)
            defer { client.stop() }
            let server = try server(url)
            switch client.perform(try alert(via: server), via: server) {
            case .success(let reply): XCTFail("an untrusted certificate was accepted (\(reply)), CA file \(caFile ?? "system")")
            case .failure(let error):
                XCTAssertFalse(error.isRefusal, error.description)
                XCTAssertNil(error.smtpReply, error.description)
                XCTAssertTrue(error.description.lowercased().contains("certificate"), error.description)
            }
        }
        XCTAssertTrue(receiver.records.isEmpty, "\(receiver.records)")
    }

    func testPlainSMTPIsRefusedUnlessTheAdministratorAllowsIt() throws {
        let receiver = try PythonReceiver<SMTPReceiverRecord>(script: "smtp_receiver.py", arguments: ["--tls", "none"], modules: modules)
        let client = client(caFile: receiver.file("ca.pem"))
        defer { client.stop() }
        let url = "smtp://127.0.0.1:\(receiver.port)"
        let strict = try server(url)
        switch client.perform(try alert(via: strict), via: strict) {
        case .success(let reply): XCTFail("mail went out unencrypted (\(reply))")
        case .failure(let error): XCTAssertTrue(error.description.contains("does not offer STARTTLS"), error.description)
        }
        XCTAssertTrue(receiver.records.isEmpty, "\(receiver.records)")

        let allowed = try server(url, allowPlain: true)
        XCTAssertEqual(allowed.security, SMTPServer.Security.none)
        XCTAssertEqual(try client.perform(alert(via: allowed), via: allowed).get().code, 250)
        let record = try receiver.waitForRecord { _ in true }
        XCTAssertEqual(record.tls, false)
        XCTAssertEqual(record.subject, "SOS: Zoë needs help — 北京 🚨")
    }

    func testARecipientTheServerRefusesGivesItsSMTPReply() throws {
        let receiver = try PythonReceiver<SMTPReceiverRecord>(script: "smtp_receiver.py", arguments: ["--reject", "nobody@"], modules: modules)
        let client = client(caFile: receiver.file("ca.pem"))
        defer { client.stop() }
        let server = try server("smtp://127.0.0.1:\(receiver.port)")
        switch client.perform(try alert(to: [MailAddress("nobody@example.org")], via: server), via: server) {
        case .success(let reply): XCTFail("the refused recipient was accepted (\(reply))")
        case .failure(let error):
            XCTAssertEqual(error.description, "SMTP 550 5.1.1 <nobody@example.org>: Recipient address rejected: User unknown")
            XCTAssertEqual(error.smtpReply?.code, 550)
        }
        XCTAssertTrue(receiver.records.isEmpty, "\(receiver.records)")
        XCTAssertEqual(try client.perform(alert(via: server), via: server).get().code, 250, "the connection serves the next mail")
    }

    func testAWrongPasswordGivesTheServersRefusal() throws {
        let receiver = try PythonReceiver<SMTPReceiverRecord>(script: "smtp_receiver.py", arguments: ["--user", "homeward", "--password", "right"], modules: modules)
        let client = client(caFile: receiver.file("ca.pem"))
        defer { client.stop() }
        let server = try server("smtp://127.0.0.1:\(receiver.port)", username: "homeward", password: "wrong")
        switch client.perform(try alert(via: server), via: server) {
        case .success(let reply): XCTFail("a wrong password was accepted (\(reply))")
        case .failure(let error): XCTAssertEqual(error.smtpReply?.code, 535, error.description)
        }
        XCTAssertTrue(receiver.records.isEmpty, "\(receiver.records)")
    }

    func testTheAddressPolicyRefusesALoopbackMailServerUnlessAllowed() throws {
        let receiver = try PythonReceiver<SMTPReceiverRecord>(script: "smtp_receiver.py", modules: modules)
        let client = client(caFile: receiver.file("ca.pem"), allowing: [])
        defer { client.stop() }
        for url in ["smtp://127.0.0.1:\(receiver.port)", "smtp://localhost:\(receiver.port)", "smtps://[::1]:\(receiver.port)"] {
            let server = try server(url)
            switch client.perform(try alert(via: server), via: server) {
            case .success(let reply): XCTFail("\(url) was reached (\(reply))")
            case .failure(let error): XCTAssertTrue(error.isRefusal, "\(url): \(error)")
            }
        }
        XCTAssertTrue(receiver.records.isEmpty, "\(receiver.records)")
    }
}
