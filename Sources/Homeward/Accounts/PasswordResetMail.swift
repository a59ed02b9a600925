import HomewardHTTP
import HomewardStore
import Logging

/// "Forgot your password?" by email: a one-time reset link (`PasswordResetToken`) mailed to the
/// addresses of the account's email channels, when the server can send mail (`--smtp-url`). The
/// answer is the same whether or not the phone has an account, an address, or is past its limit.
struct PasswordResetMail: Sendable {
    let database: any DatabaseReader
    let secrets: SecretHasher
    let clock: any WallClock
    let rateLimiter: RateLimiter
    let outgoingClient: OutgoingHTTPClient
    /// The relay; nil when the server sends no mail.
    let smtpServer: SMTPServer?
    let phoneNumbers: PhoneNumberReader
    let logger: Logger

    /// Mails a reset link for the account with `request.phone` (read in `request.country`) to its
    /// email addresses, the link pointing at `base`; 429 past the address's limit, 400 for a
    /// malformed phone, otherwise nothing that says whether anything was sent.
    func send(_ request: PasswordResetMailRequest, from clientHost: String, base: String) throws {
        try rateLimiter.enforce(clientHost, under: .passwordResetEmailsPerClientAddress)
        let phone: String
        do {
            phone = try phoneNumbers.read(request.phone, country: request.country).e164
        } catch {
            throw HTTPError.invalidRequest(error.message, field: "phone")
        }
        rateLimiter.recordFailure(clientHost, under: .passwordResetEmailsPerClientAddress)
        guard case .allowed = rateLimiter.check(phone, under: .passwordResetEmailsPerPhone) else { return }
        rateLimiter.recordFailure(phone, under: .passwordResetEmailsPerPhone)
        guard let smtpServer else { return }
        let now = clock.now()
        let found = try database.read { db -> (StoredCredentials, [String])? in
            guard let credentials = try AccountStore(db: db).credentials(phone: phone) else { return nil }
            return (credentials, try ChannelStore(db: db).emailAddresses(of: credentials.key))
        }
        guard let (credentials, addresses) = found, !addresses.isEmpty else { return }
        let link = PasswordResetToken.link(for: credentials, secrets: secrets, base: base, at: now)
        let text = """
            Someone, most likely you, asked to choose a new password for the Homeward account with the phone \(phone).

            Open this link within an hour to choose it (it works once, and signs the account out everywhere):
            \(link)

            If it was not you, ignore this email: your password stays as it is.
            """
        let html = """
            <p>Someone, most likely you, asked to choose a new password for the Homeward account with the phone \(phone).</p>
            <p><a href="\(link)">Choose a new password</a> (within an hour; it works once, and signs the account out everywhere).</p>
            <p style="color:#555">If it was not you, ignore this email: your password stays as it is.</p>
            """
        let logger = logger
        for address in addresses {
            let mail = try MailMessage(
                from: smtpServer.sender, to: [try MailAddress(address)], subject: "Choose a new Homeward password", text: text, html: html)
            outgoingClient.send(mail, via: smtpServer) { result in
                if case .failure(let error) = result { logger.warning("password reset mail not sent: \(error)") }
            }
        }
    }
}
