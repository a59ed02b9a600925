import XCTest
@testable import Homeward

/// Which SMTP server settings are accepted, how each is protected, and how its replies are read.
final class SMTPServerTests: XCTestCase {
    private let sender = try! MailAddress("alerts@example.org")

    func testSMTPMeansSTARTTLSAndSMTPSMeansImplicitTLS() throws {
        let submission = try SMTPServer(url: "smtp://mail.example.org:587", sender: sender)
        XCTAssertEqual(submission.security, .startTLS)
        XCTAssertEqual(submission.url.destination, "smtp://mail.example.org:587")
        XCTAssertEqual(try SMTPServer(url: "smtp://mail.example.org", sender: sender).url.port, 25)
        let implicit = try SMTPServer(url: "SMTPS://Mail.Example.org/", sender: sender, allowPlain: true)
        XCTAssertEqual(implicit.security, .implicitTLS)
        XCTAssertEqual(implicit.url.destination, "smtps://mail.example.org:465")
        XCTAssertEqual(try SMTPServer(url: "smtp://[::1]:2525", sender: sender, allowPlain: true).security, SMTPServer.Security.none)
    }

    func testOtherAddressesAreRefusedWithAClearError() {
        for url in [
            "", "mail.example.org:587", "http://mail.example.org", "smtp://user:pass@mail.example.org:587", "smtp://mail.example.org:587/helo",
            "smtp://mail.example.org:587?x=1", "smtp://mail.example.org:587#x", "smtp://mail.example.org:99999", "smtp://mail example.org",
        ] {
            XCTAssertThrowsError(try SMTPServer(url: url, sender: sender), url) { error in
                XCTAssertTrue("\(error)".contains("is not an SMTP server address: write smtp://host:port"), "\(error)")
            }
        }
    }

    func testCredentialsAreChecked() throws {
        let login = try SMTPServer(url: "smtps://mail.example.org", sender: sender, username: "alerts", password: "pw")
        XCTAssertEqual(login.username, "alerts")
        XCTAssertEqual(login.password, "pw")
        let anonymous = try SMTPServer(url: "smtps://mail.example.org", sender: sender, username: "", password: "")
        XCTAssertNil(anonymous.username)
        XCTAssertNil(anonymous.password)
        XCTAssertThrowsError(try SMTPServer(url: "smtps://mail.example.org", sender: sender, password: "pw")) { error in
            XCTAssertEqual("\(error)", "an SMTP password needs a user name")
        }
        XCTAssertThrowsError(try SMTPServer(url: "smtps://mail.example.org", sender: sender, username: "alerts\r\nRCPT TO:<x@y.z>"))
    }

    func testRepliesAreReadByTheirCodeAndCannotCarryControlCharacters() {
        XCTAssertEqual(SMTPReply(line: "550 5.1.1 <x@example.org>: Recipient address rejected\r\n")?.description,
                       "550 5.1.1 <x@example.org>: Recipient address rejected")
        XCTAssertEqual(SMTPReply(line: "250-SIZE 33554432\r\n")?.code, 250)
        XCTAssertEqual(SMTPReply(line: "221\r\n")?.description, "221")
        XCTAssertEqual(SMTPReply(line: "421 4.7.0 try\u{1B}[31m later\r\n")?.text, "4.7.0 try [31m later")
        for line in ["", "OK\r\n", "99 x", "600 x", "* OK"] { XCTAssertNil(SMTPReply(line: line), line) }
    }
}
