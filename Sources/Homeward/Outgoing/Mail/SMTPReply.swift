import Foundation

/// What a mail server answered last: its reply code and text, e.g. `250` and `2.0.0 Ok: queued as
/// 4F2A1`, worth keeping in a delivery's log to trace the mail at the server.
public struct SMTPReply: Sendable, Equatable, CustomStringConvertible {
    /// The three-digit reply code.
    public let code: Int
    /// The text after the code, without the line end.
    public let text: String

    /// `250 2.0.0 Ok: queued`.
    public var description: String { text.isEmpty ? "\(code)" : "\(code) \(text)" }

    /// Reads a reply line (`550 5.1.1 <x@example.org>: Recipient address rejected`, or a
    /// continuation line `250-SIZE`); nil when it does not start with a code. Control characters in
    /// the text become spaces, since it ends up in logs and API answers.
    init?(line: String) {
        let trimmed = line.trimmingCharacters(in: .newlines)
        guard trimmed.count >= 3, let code = Int(trimmed.prefix(3)), (200...599).contains(code) else { return nil }
        self.code = code
        text = MailEncoding.replacingControlCharacters(String(trimmed.dropFirst(4)))
    }
}
