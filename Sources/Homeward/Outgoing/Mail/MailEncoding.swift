import Foundation
import HomewardHTTP

/// The encodings a mail's text goes through on its way into 7-bit lines of at most 78 characters:
/// quoted-printable bodies (RFC 2045), encoded-words for header text that is not plain ASCII
/// (RFC 2047), folded header lines and the RFC 5322 date.
enum MailEncoding {
    /// Longest quoted-printable line, without its CRLF (RFC 2045); header lines stay within RFC 5322's
    /// recommended 78 (998 is its hard limit).
    static let maxLineCharacters = 76

    /// `text` as quoted-printable lines joined by CRLF: line breaks of any kind become CRLF, bytes
    /// outside printable ASCII become `=XX`, long lines are cut by soft line breaks. A dot that would
    /// begin a line is encoded too, so no SMTP hop's dot handling can touch the text.
    static func quotedPrintable(_ text: String) -> String {
        var output: [String] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            let bytes = Array(line.utf8)
            var current = ""
            for (index, byte) in bytes.enumerated() {
                let isBlank = byte == 0x20 || byte == 0x09
                let isLiteral = (isBlank && index < bytes.count - 1)
                    || ((0x21...0x7E).contains(byte) && byte != UInt8(ascii: "=") && !(byte == UInt8(ascii: ".") && current.isEmpty))
                let token = isLiteral ? String(UnicodeScalar(byte)) : "=" + hexByte(byte)
                if current.count + token.count > maxLineCharacters - 1 {
                    output.append(current + "=")
                    current = ""
                }
                current += token
            }
            output.append(current)
        }
        return output.joined(separator: "\r\n")
    }

    /// Header text (a subject) ready to follow `Name: `: plain ASCII folded at spaces, anything else
    /// (or a word too long to fold, or text that looks like an encoded-word) as UTF-8 encoded-words.
    static func unstructured(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard isPlainASCII(text), words.allSatisfy({ $0.count <= maxLineCharacters - 10 }) else {
            return encodedWords(text).joined(separator: "\r\n ")
        }
        var lines: [String] = []
        var current = ""
        for (index, word) in words.enumerated() {
            if index > 0, !word.isEmpty, !current.isEmpty, current.count + 1 + word.count > maxLineCharacters - 10 {
                lines.append(current)
                current = String(word)
            } else {
                current += (index == 0 ? "" : " ") + word
            }
        }
        lines.append(current)
        return lines.joined(separator: "\r\n ")
    }

    /// A display name as an RFC 5322 phrase: a quoted string when it is short plain ASCII, else
    /// encoded-words (which fold).
    static func phrase(_ name: String) -> String {
        let quoted = "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        guard isPlainASCII(name), quoted.count <= maxLineCharacters - 16 else { return encodedWords(name).joined(separator: "\r\n ") }
        return quoted
    }

    /// `address` as it appears in `From:` or `To:`, the address on a line of its own when it would
    /// make the name's last line too long (an address itself is never cut).
    static func mailbox(_ address: MailAddress) -> String {
        guard let name = address.name else { return address.address }
        let named = phrase(name)
        let lastLine = named.components(separatedBy: "\r\n").last ?? named
        let fits = lastLine.count + address.address.count + 3 <= maxLineCharacters - 6
        return named + (fits ? " " : "\r\n ") + "<\(address.address)>"
    }

    /// An RFC 5322 date in UTC, e.g. `Tue, 03 Mar 2026 09:05:00 +0000`: HTTP's IMF-fixdate with the
    /// zone as a number, since RFC 5322 counts `GMT` as obsolete syntax.
    static func date(_ date: Date) -> String {
        String(HTTPDate.format(epochSeconds: Int(date.timeIntervalSince1970.rounded(.down))).dropLast("GMT".count)) + "+0000"
    }

    /// True when `text` holds a control character, a line break among them.
    static func containsControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// `text` with every control character, line breaks among them, turned into a space.
    static func replacingControlCharacters(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// Bytes of text in one encoded-word: 42 bytes are 56 base64 characters, which with
    /// `=?UTF-8?B?` and `?=` make 68, under RFC 2047's 75 and short enough to follow `Subject: `.
    private static let encodedWordBytes = 42

    /// `text` as `=?UTF-8?B?...?=` words, each cut between characters so that each decodes alone.
    private static func encodedWords(_ text: String) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > encodedWordBytes {
                words.append(encodedWord(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(encodedWord(chunk)) }
        return words
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?\(Data(bytes).base64EncodedString())?="
    }

    /// Printable ASCII with nothing a reader would take for an encoded-word.
    private static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) } && !text.contains("=?")
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
