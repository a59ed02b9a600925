/// The mail server the server hands its mail to, and how: `smtp://host:port` speaks STARTTLS and
/// refuses to go on unencrypted, `smtps://host:port` is TLS from the first byte (libcurl's default
/// ports are 25 and 465; a submission server usually listens on 587 for STARTTLS). Certificates are
/// verified against the system CA store. Only an administrator's explicit `allowPlain` (for a relay
/// on the same machine) lets `smtp://` send without TLS. The host is reached under the same address
/// policy as every outgoing request, so a relay on loopback or the LAN must be allowed by
/// `--outgoing-allow-hosts` as well.
public struct SMTPServer: Sendable {
    /// How the connection is protected.
    public enum Security: String, Sendable {
        /// `smtp://`: STARTTLS, required.
        case startTLS
        /// `smtps://`: TLS from the start.
        case implicitTLS
        /// `smtp://` with `allowPlain`: no encryption at all.
        case none
    }

    /// Where to connect.
    public let url: OutgoingURL
    /// How the connection is protected.
    public let security: Security
    /// The address mail is sent from (`--smtp-from`).
    public let sender: MailAddress
    /// The user to log in as (AUTH), nil to send without logging in.
    public let username: String?
    /// The password of `username`.
    public let password: String?

    /// Checks the settings: `url` is `smtp://host[:port]` or `smtps://host[:port]` with nothing after
    /// the port; a password needs a user. Throws `MailError` otherwise.
    public init(url text: String, sender: MailAddress, username: String? = nil, password: String? = nil, allowPlain: Bool = false) throws {
        guard let url = OutgoingURL(text, schemes: ["smtp", "smtps"]), url.path == "/", url.query == nil else {
            throw MailError("\(String(reflecting: text)) is not an SMTP server address: write smtp://host:port (STARTTLS) or smtps://host:port (TLS), with nothing after the port")
        }
        let username = username.flatMap { $0.isEmpty ? nil : $0 }
        let password = password.flatMap { $0.isEmpty ? nil : $0 }
        for (what, value) in [("user name", username), ("password", password)] {
            if let value, MailEncoding.containsControlCharacter(value) {
                throw MailError("the SMTP \(what) has a line break or another control character")
            }
        }
        guard password == nil || username != nil else { throw MailError("an SMTP password needs a user name") }
        self.url = url
        security = url.scheme == "smtps" ? .implicitTLS : allowPlain ? .none : .startTLS
        self.sender = sender
        self.username = username
        self.password = password
    }
}
