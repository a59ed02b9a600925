import Foundation

/// A mail ready to send: RFC 5322 headers (`Date`, `Message-ID`, `From`, `To`, `Subject`,
/// `MIME-Version`, `Auto-Submitted`) and a `multipart/alternative` body with a text/plain and a
/// text/html part in UTF-8, quoted-printable, every line ending in CRLF and at most 78 characters
/// long (only an address longer than that makes a longer line, and never over RFC 5322's 998). Written once, when created; `OutgoingHTTPClient.send(_:via:completion:)` sends it.
public struct MailMessage: Sendable {
    /// Most recipients of one mail (after duplicates are dropped).
    public static let maxRecipients = 50
    /// Largest message, headers and both parts encoded, in bytes.
    public static let maxEncodedBytes = 1_048_576

    /// The sender, in `From:` and the envelope's `MAIL FROM`.
    public let from: MailAddress
    /// The recipients, in `To:` and one `RCPT TO` each, without duplicates.
    public let to: [MailAddress]
    /// The subject as sent (control characters and line breaks turned into spaces).
    public let subject: String
    /// `<random@sender's domain>`.
    public let messageID: String
    /// The message as sent, CRLF line ends.
    public let encoded: [UInt8]

    /// Writes the mail, dated `date`. Line breaks in `text` and `html` may be of any kind. Throws
    /// `MailError` without recipients, with more than `maxRecipients`, or over `maxEncodedBytes`.
    public init(from: MailAddress, to: [MailAddress], subject: String, text: String, html: String, date: Date = Date()) throws {
        var seen: Set<String> = []
        let recipients = to.filter { seen.insert($0.address.lowercased()).inserted }
        guard !recipients.isEmpty else { throw MailError("a mail needs at least one recipient") }
        guard recipients.count <= Self.maxRecipients else {
            throw MailError("a mail may have at most \(Self.maxRecipients) recipients, not \(recipients.count)")
        }
        let subject = MailEncoding.replacingControlCharacters(subject)
        let messageID = "<\(SecureRandom.identifier())@\(from.domain)>"
        let boundary = "=_homeward_\(SecureRandom.identifier())"
        let headers = [
            "Date: \(MailEncoding.date(date))",
            "Message-ID: \(messageID)",
            "From: \(MailEncoding.mailbox(from))",
            "To: \(recipients.map(MailEncoding.mailbox).joined(separator: ",\r\n "))",
            "Subject: \(MailEncoding.unstructured(subject))",
            "MIME-Version: 1.0",
            "Auto-Submitted: auto-generated",
            "Content-Type: multipart/alternative;\r\n boundary=\"\(boundary)\"",
        ]
        func part(_ type: String, _ body: String) -> String {
            "--\(boundary)\r\nContent-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
                + MailEncoding.quotedPrintable(body) + "\r\n"
        }
        let message = headers.joined(separator: "\r\n") + "\r\n\r\n"
            + part("text/plain", text) + part("text/html", html) + "--\(boundary)--\r\n"
        let encoded = Array(message.utf8)
        guard encoded.count <= Self.maxEncodedBytes else {
            throw MailError("the mail is \(encoded.count) bytes once encoded, more than the limit of \(Self.maxEncodedBytes)")
        }
        self.from = from
        self.to = recipients
        self.subject = subject
        self.messageID = messageID
        self.encoded = encoded
    }
}
