import Foundation

/// An email address fit for a header and an SMTP envelope: an ASCII addr-spec `local@domain` whose
/// local part is a dot-atom and whose domain is a host name with a dot, and an optional display name
/// (any text without control characters, encoded when it is not plain ASCII). Quoted local parts,
/// address literals and internationalized addresses are refused, and so is anything that could add a
/// header or a recipient: line breaks, commas, angle brackets, spaces.
public struct MailAddress: Sendable, Equatable, CustomStringConvertible {
    /// Longest address, in bytes (RFC 5321's path limit less its angle brackets).
    public static let maxAddressBytes = 254
    /// Longest local part (before the `@`), in bytes (RFC 5321 §4.5.3.1.1).
    public static let maxLocalPartBytes = 64
    /// Longest display name, in characters.
    public static let maxNameCharacters = 200

    /// The addr-spec, `local@domain`, as given.
    public let address: String
    /// The display name, nil when there is none.
    public let name: String?

    /// The part after the `@`.
    public var domain: String { String(address[address.index(after: address.lastIndex(of: "@")!)...]) }

    /// `Name <address>`, or the address alone.
    public var description: String { name.map { "\($0) <\(address)>" } ?? address }

    /// Checks `address` (`anna@example.org`) and `name` (blank means none).
    public init(_ address: String, name: String? = nil) throws {
        if let problem = Self.problem(ofAddress: address) {
            throw MailError("\(String(reflecting: address)) is not an email address: \(problem)")
        }
        self.address = address
        let trimmed = name?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !trimmed.isEmpty else {
            self.name = nil
            return
        }
        guard trimmed.count <= Self.maxNameCharacters else {
            throw MailError("the name of \(address) is longer than \(Self.maxNameCharacters) characters")
        }
        guard !MailEncoding.containsControlCharacter(trimmed) else {
            throw MailError("the name \(String(reflecting: trimmed)) of \(address) has a line break or another control character")
        }
        self.name = trimmed
    }

    /// Reads `anna@example.org`, `<anna@example.org>`, `Anna Example <anna@example.org>` or
    /// `"Example, Anna" <anna@example.org>` (a setting such as `--smtp-from`).
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") else {
            try self.init(trimmed)
            return
        }
        let address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        var name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
            name = String(name.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                .replacingOccurrences(of: "\\\\", with: "\\")
        }
        try self.init(address, name: name)
    }

    /// Characters a dot-atom may hold besides letters, digits and dots (RFC 5322 `atext`).
    private static let atomSymbols = Set("!#$%&'*+-/=?^_`{|}~".utf8)

    /// What makes `address` unfit, or nil.
    private static func problem(ofAddress address: String) -> String? {
        let bytes = Array(address.utf8)
        guard !bytes.isEmpty else { return "it is empty" }
        guard bytes.count <= maxAddressBytes else { return "it is longer than \(maxAddressBytes) bytes" }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return "it may hold only ASCII letters, digits and symbols, without spaces or line breaks"
        }
        guard bytes.filter({ $0 == UInt8(ascii: "@") }).count == 1, let at = bytes.firstIndex(of: UInt8(ascii: "@")) else {
            return "it needs exactly one @"
        }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard !local.isEmpty else { return "nothing comes before the @" }
        guard local.count <= maxLocalPartBytes else { return "the part before the @ is longer than \(maxLocalPartBytes) bytes" }
        let isAtom = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || atomSymbols.contains(byte)
        }
        let localAtoms = local.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard localAtoms.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isAtom) }) else {
            return "the part before the @ may hold letters, digits, dots (not first, last or doubled) and !#$%&'*+-/=?^_`{|}~"
        }
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return "the domain after the @ needs a dot, as in example.org" }
        let isLabelByte = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
        guard labels.allSatisfy({ label in
            (1...63).contains(label.count) && label.allSatisfy(isLabelByte)
                && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
        }) else {
            return "the domain after the @ must be a host name: labels of letters, digits and inner hyphens, separated by single dots"
        }
        guard labels.last!.contains(where: { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return "the domain after the @ must be a name, not an address"
        }
        return nil
    }
}
