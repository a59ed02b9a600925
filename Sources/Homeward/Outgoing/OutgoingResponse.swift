/// What a receiver answered to an `OutgoingRequest`.
public struct OutgoingResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The body, cut at `OutgoingHTTPClient.Configuration.maxResponseBytes`.
    public var body: [UInt8]
    /// `HTTP/1.1` or `HTTP/2`.
    public var httpVersion: String

    /// True for a 2xx status.
    public var isSuccess: Bool { (200...299).contains(status) }
}

/// Why an outgoing request got no answer, or a mail was not accepted: the address was refused, the
/// network or TLS failed, or the mail server said no.
public struct OutgoingError: Error, Sendable, CustomStringConvertible {
    /// True when `OutgoingAddressPolicy` refused the address (retrying cannot help until the URL or
    /// the allowed hosts change).
    public var isRefusal: Bool
    /// The mail server's refusal, when it gave one (`550 5.1.1 ...`): a 5xx code means that sending
    /// the same mail again cannot help, a 4xx code that it may later.
    public var smtpReply: SMTPReply?
    /// What went wrong, for the delivery's `last_error` and the log.
    public var description: String

    /// Creates an error.
    public init(_ description: String, isRefusal: Bool = false, smtpReply: SMTPReply? = nil) {
        self.description = description
        self.isRefusal = isRefusal
        self.smtpReply = smtpReply
    }
}
