import HomewardHTTP

/// The limits on what a person writes into an alert, checked on the decoded body (after any gzip
/// is undone), so a small compressed request cannot store megabytes that every guardian's stream,
/// webhook and alert list then carries.
public enum AlertTextLimits {
    /// The longest SOS message, in characters.
    public static let maxMessageCharacters = 1_000
    /// The longest countdown reason, in characters.
    public static let maxReasonCharacters = 1_000

    /// 400 naming `field` when `text` has more than `maxCharacters` characters.
    static func check(_ text: String?, field: String, maxCharacters: Int) throws(HTTPError) {
        // A character is at least one UTF-8 byte: short texts are passed without counting characters.
        guard let text, text.utf8.count > maxCharacters, text.count > maxCharacters else { return }
        throw .invalidRequest("\(field) must have at most \(maxCharacters) characters.", field: field)
    }
}
