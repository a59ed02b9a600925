import Foundation
import Homeward
import XCTest

/// How a mail is written: addresses that are refused before anything is sent, the limits, and the
/// encodings that keep every line 7-bit, CRLF-ended and short.
final class MailMessageTests: XCTestCase {
    private let sender = try! MailAddress("alerts@homeward.example.org", name: "Homeward")

    private func mail(to: [MailAddress]? = nil, subject: String = "Anna arrived", text: String = "Anna arrived.",
                      html: String = "<p>Anna arrived.</p>", date: Date = Date()) throws -> MailMessage {
        try MailMessage(from: sender, to: to ?? [MailAddress("guardian@example.org")], subject: subject, text: text, html: html, date: date)
    }

    private func lines(of message: MailMessage) -> [String] {
        String(decoding: message.encoded, as: UTF8.self).components(separatedBy: "\r\n")
    }

    /// The header section unfolded, one field a line.
    private func headers(of message: MailMessage) -> [String] {
        let text = String(decoding: message.encoded, as: UTF8.self)
        let head = text[..<text.range(of: "\r\n\r\n")!.lowerBound]
        return head.replacingOccurrences(of: "\r\n ", with: " ").components(separatedBy: "\r\n")
    }

    /// The text of RFC 2047 encoded-words (`=?UTF-8?B?...?=`) separated by folding white space.
    private func decodeWords(_ value: String) -> String {
        let bytes = value.split(separator: " ").flatMap { word -> [UInt8] in
            XCTAssertTrue(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="), String(word))
            return Array(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) ?? Data())
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func testAddressesThatCouldAddHeadersOrRecipientsAreRefusedWithTheirReason() {
        for address in [
            "anna@example.org\r\nBcc: eve@example.net", "anna@example.org\nBcc: eve@example.net", "anna@example.org, eve@example.net",
            "<anna@example.org>", "Anna <anna@example.org>", "anna @example.org", "anna", "@example.org", "anna@", "",
            "anna@@example.org", "anna@example.org@example.net", "a..b@example.org", ".anna@example.org", "anna.@example.org",
            "anna@example", "anna@-example.org", "anna@example-.org", "anna@exa_mple.org", "anna@example..org", "anna@1.2.3.4",
            "anna@[127.0.0.1]", "zoë@example.org", "anna@exämple.org", "\"anna\"@example.org", "an(na)@example.org", "anna@example.org;",
        ] {
            XCTAssertThrowsError(try MailAddress(address), address) { error in
                let description = (error as? MailError)?.description ?? ""
                XCTAssertTrue(description.hasPrefix("\(String(reflecting: address)) is not an email address: "), description)
            }
        }
    }

    func testOrdinaryAddressesAreAccepted() throws {
        for address in ["anna@example.org", "a.b+alerts@mail.example.co.uk", "o'brien@example.ie", "x!#$%&'*+-/=?^_`{|}~@ex-ample.org", "1@2.example"] {
            XCTAssertEqual(try MailAddress(address).address, address)
        }
        XCTAssertEqual(try MailAddress("anna@Mail.Example.org").domain, "Mail.Example.org")
    }

    func testANameWithALineBreakOrControlCharacterIsRefused() {
        for name in ["Anna\r\nBcc: eve@example.net", "Anna\nB", "Anna\u{0}", "Anna\u{7F}"] {
            XCTAssertThrowsError(try MailAddress("anna@example.org", name: name), String(reflecting: name))
        }
        XCTAssertNil(try MailAddress("anna@example.org", name: "  ").name)
    }

    func testASettingIsReadWithOrWithoutAName() throws {
        XCTAssertEqual(try MailAddress(parsing: " alerts@example.org "), try MailAddress("alerts@example.org"))
        XCTAssertEqual(try MailAddress(parsing: "<alerts@example.org>"), try MailAddress("alerts@example.org"))
        XCTAssertEqual(try MailAddress(parsing: "Homeward Alerts <alerts@example.org>"), try MailAddress("alerts@example.org", name: "Homeward Alerts"))
        XCTAssertEqual(try MailAddress(parsing: #""Example, \"Homeward\"" <alerts@example.org>"#),
                       try MailAddress("alerts@example.org", name: #"Example, "Homeward""#))
        XCTAssertThrowsError(try MailAddress(parsing: "Homeward <alerts@example.org"))
        XCTAssertThrowsError(try MailAddress(parsing: "Homeward <alerts@example.org>, eve@example.net"))
    }

    func testAddressLengthLimits() throws {
        let local64 = String(repeating: "a", count: MailAddress.maxLocalPartBytes)
        XCTAssertNoThrow(try MailAddress("\(local64)@example.org"))
        XCTAssertThrowsError(try MailAddress("\(local64)a@example.org"))
        let label = String(repeating: "b", count: 63)
        let domain = [label, label, label, String(repeating: "c", count: 60)].joined(separator: ".")
        let longest = "a@" + domain
        XCTAssertEqual(longest.utf8.count, MailAddress.maxAddressBytes)
        XCTAssertNoThrow(try MailAddress(longest))
        XCTAssertThrowsError(try MailAddress("a" + longest)) { error in
            XCTAssertTrue("\(error)".contains("longer than \(MailAddress.maxAddressBytes) bytes"), "\(error)")
        }
        XCTAssertThrowsError(try MailAddress("a@\(String(repeating: "d", count: 64)).org"))
        let name = String(repeating: "é", count: MailAddress.maxNameCharacters)
        XCTAssertEqual(try MailAddress("a@example.org", name: name).name, name)
        XCTAssertThrowsError(try MailAddress("a@example.org", name: name + "e"))
    }

    func testRecipientsAreDeduplicatedAndLimited() throws {
        let duplicated = try mail(to: [MailAddress("anna@example.org"), MailAddress("Anna@Example.org", name: "Anna"), MailAddress("ben@example.org")])
        XCTAssertEqual(duplicated.to.map(\.address), ["anna@example.org", "ben@example.org"])
        let most = try (1...MailMessage.maxRecipients).map { try MailAddress("guardian\($0)@example.org") }
        XCTAssertEqual(try mail(to: most).to.count, MailMessage.maxRecipients)
        XCTAssertThrowsError(try mail(to: most + [MailAddress("one.more@example.org")])) { error in
            XCTAssertEqual("\(error)", "a mail may have at most \(MailMessage.maxRecipients) recipients, not \(MailMessage.maxRecipients + 1)")
        }
        XCTAssertThrowsError(try mail(to: [])) { error in XCTAssertEqual("\(error)", "a mail needs at least one recipient") }
    }

    func testAMessageOverTheSizeLimitIsRefused() throws {
        let half = String(repeating: "a", count: MailMessage.maxEncodedBytes / 2)
        XCTAssertNoThrow(try mail(text: String(half.prefix(MailMessage.maxEncodedBytes / 3)), html: ""))
        XCTAssertThrowsError(try mail(text: half, html: half)) { error in
            XCTAssertTrue("\(error)".contains("more than the limit of \(MailMessage.maxEncodedBytes)"), "\(error)")
        }
    }

    func testEveryLineIsSevenBitEndsInCRLFAndStaysShort() throws {
        let message = try mail(
            to: [MailAddress("guardian@example.org", name: String(repeating: "Zoë Müller-Lüdenscheidt ", count: 6)),
                 MailAddress("second@example.org", name: String(repeating: "plain ascii name ", count: 6))],
            subject: String(repeating: "Anna left the safe zone around school ", count: 8) + "🚨",
            text: String(repeating: "x", count: 5_000) + "\nbare LF\rbare CR\r\nCRLF " + String(repeating: "é ", count: 400),
            html: "<p>" + String(repeating: "ü", count: 3_000) + "</p>")
        XCTAssertTrue(message.encoded.allSatisfy { $0 < 0x80 }, "7-bit")
        for (index, byte) in message.encoded.enumerated() {
            if byte == 0x0A { XCTAssertEqual(message.encoded[index - 1], 0x0D, "LF at \(index) without CR") }
            if byte == 0x0D { XCTAssertEqual(message.encoded[index + 1], 0x0A, "CR at \(index) without LF") }
        }
        XCTAssertEqual(Array(message.encoded.suffix(2)), [0x0D, 0x0A])
        for line in lines(of: message) { XCTAssertLessThanOrEqual(line.count, 78, line) }
    }

    func testHeadersSayWhatAMailClientNeeds() throws {
        let message = try mail(date: Date(timeIntervalSince1970: 1_772_528_700))
        let fields = headers(of: message)
        XCTAssertEqual(fields.map { String($0.prefix { $0 != ":" }) },
                       ["Date", "Message-ID", "From", "To", "Subject", "MIME-Version", "Auto-Submitted", "Content-Type"])
        XCTAssertEqual(fields[0], "Date: Tue, 03 Mar 2026 09:05:00 +0000")
        XCTAssertEqual(fields[1], "Message-ID: \(message.messageID)")
        XCTAssertTrue(message.messageID.hasPrefix("<") && message.messageID.hasSuffix("@homeward.example.org>"), message.messageID)
        XCTAssertNotEqual(message.messageID, try mail().messageID)
        XCTAssertEqual(fields[2], "From: \"Homeward\" <alerts@homeward.example.org>")
        XCTAssertEqual(fields[3], "To: guardian@example.org")
        XCTAssertEqual(fields[4], "Subject: Anna arrived")
        XCTAssertEqual(fields[5], "MIME-Version: 1.0")
        XCTAssertTrue(fields[7].hasPrefix("Content-Type: multipart/alternative; boundary=\"=_homeward_"), fields[7])
        let boundary = fields[7].components(separatedBy: "boundary=\"")[1].dropLast()
        let body = lines(of: message).drop { !$0.isEmpty }
        XCTAssertEqual(body.filter { $0.hasPrefix("--\(boundary)") }, ["--\(boundary)", "--\(boundary)", "--\(boundary)--"])
        XCTAssertTrue(body.contains("Content-Type: text/plain; charset=utf-8"))
        XCTAssertTrue(body.contains("Content-Type: text/html; charset=utf-8"))
        XCTAssertEqual(body.filter { $0 == "Content-Transfer-Encoding: quoted-printable" }.count, 2)
    }

    func testSubjectsAndNamesThatAreNotPlainASCIIAreEncodedWords() throws {
        let subject = "Zoë a quitté la zone « École » — 北京 🚨 " + String(repeating: "ü", count: 40)
        let message = try mail(to: [MailAddress("guardian@example.org", name: "Zoë Müller")], subject: subject)
        let fields = headers(of: message)
        XCTAssertEqual(decodeWords(String(fields[4].dropFirst("Subject: ".count))), subject)
        XCTAssertTrue(fields[3].hasSuffix(" <guardian@example.org>"), fields[3])
        XCTAssertEqual(decodeWords(String(fields[3].dropFirst("To: ".count).dropLast(" <guardian@example.org>".count))), "Zoë Müller")
        XCTAssertEqual(message.subject, subject)

        let lookalike = try mail(subject: "=?UTF-8?B?Zm9v?= is not decoded")
        XCTAssertEqual(decodeWords(String(headers(of: lookalike)[4].dropFirst("Subject: ".count))), "=?UTF-8?B?Zm9v?= is not decoded")
    }

    func testLineBreaksInASubjectCannotAddAHeader() throws {
        let message = try mail(subject: "Anna arrived\r\nBcc: eve@example.net")
        XCTAssertEqual(message.subject, "Anna arrived  Bcc: eve@example.net")
        XCTAssertEqual(headers(of: message)[4], "Subject: Anna arrived  Bcc: eve@example.net")
        XCTAssertFalse(headers(of: message).contains { $0.hasPrefix("Bcc") })
    }

    func testQuotedPrintableEncodesWhatIsNotPlainAndKeepsTheRest() throws {
        let message = try mail(text: "Café = 3€\ntrailing space \n.starts with a dot\n" + String(repeating: "ab", count: 50))
        let text = String(decoding: message.encoded, as: UTF8.self)
        XCTAssertTrue(text.contains("\r\nCaf=C3=A9 =3D 3=E2=82=AC\r\ntrailing space=20\r\n=2Estarts with a dot\r\n"), text)
        XCTAssertTrue(text.contains("\r\n" + String(repeating: "ab", count: 37) + "a=\r\nb" + String(repeating: "ab", count: 12) + "\r\n"), text)
    }
}
