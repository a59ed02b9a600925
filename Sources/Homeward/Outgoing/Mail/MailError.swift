/// Why a mail cannot be written or a mail server cannot be used: an address that is not one, too
/// many recipients, a message over the size limit, an SMTP URL of the wrong form. Raised before any
/// connection is made; the description names the value and the rule.
public struct MailError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in a sentence for an API error or the log.
    public let description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}
