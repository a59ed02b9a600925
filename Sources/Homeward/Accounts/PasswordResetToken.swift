import HomewardHTTP
import HomewardStore

/// The token of a one-time link that sets a new password: `<account id>.<expiry in Unix seconds>.<mac>`,
/// the MAC a keyed digest (`SecretHasher`) of the id, the expiry and the account's current password
/// hash. Nothing is stored: the link works until it expires (`lifetimeSeconds`) or the password
/// changes, which its own use does, so it works once.
public enum PasswordResetToken {
    /// How long a link works: an hour.
    public static let lifetimeSeconds: Int64 = 60 * 60

    /// A token for the account `accountID` whose password hash is `passwordHash`, working until `expiresAt`.
    static func make(accountID: String, passwordHash: String, expiresAt: Timestamp, secrets: SecretHasher) -> String {
        let seconds = expiresAt.unixMilliseconds / Timestamp.millisecondsPerSecond
        return "\(accountID).\(seconds).\(Base64URL.encode(mac(accountID: accountID, expiresAtSeconds: seconds, passwordHash: passwordHash, secrets: secrets)))"
    }

    /// The account id and expiry `token` names, unchecked; nil when it is not a token's shape.
    static func parse(_ token: String) -> (accountID: String, expiresAtSeconds: Int64, mac: String)? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let seconds = Int64(parts[1]), !parts[0].isEmpty else { return nil }
        return (String(parts[0]), seconds, String(parts[2]))
    }

    /// Whether `token` is one `make` gave for this account and password hash, not expired at `now`.
    static func isValid(_ token: String, passwordHash: String, at now: Timestamp, secrets: SecretHasher) -> Bool {
        guard let parsed = parse(token), parsed.expiresAtSeconds * Timestamp.millisecondsPerSecond > now.unixMilliseconds else {
            return false
        }
        let expected = Base64URL.encode(
            mac(accountID: parsed.accountID, expiresAtSeconds: parsed.expiresAtSeconds, passwordHash: passwordHash, secrets: secrets))
        return SecretDigest.constantTimeEquals(Array(parsed.mac.utf8), Array(expected.utf8))
    }

    /// The link for the account with phone `phone` (E.164), at `base` (the web app's address), working
    /// for `lifetimeSeconds` from `now`: what `homeward reset-password` prints. 404 for an unknown phone.
    public static func link(forPhone phone: String, in database: any DatabaseReader, secrets: SecretHasher, base: String, at now: Timestamp) throws -> String {
        guard let credentials = try database.read({ db in try AccountStore(db: db).credentials(phone: phone) }) else {
            throw HTTPError.notFound("No account has the phone \(phone).")
        }
        return link(for: credentials, secrets: secrets, base: base, at: now)
    }

    /// The link for the account of `credentials`.
    static func link(for credentials: StoredCredentials, secrets: SecretHasher, base: String, at now: Timestamp) -> String {
        let token = make(
            accountID: credentials.id, passwordHash: credentials.passwordHash,
            expiresAt: now.adding(milliseconds: lifetimeSeconds * Timestamp.millisecondsPerSecond), secrets: secrets)
        return "\(base.hasSuffix("/") ? String(base.dropLast()) : base)/#reset/\(token)"
    }

    private static func mac(accountID: String, expiresAtSeconds: Int64, passwordHash: String, secrets: SecretHasher) -> [UInt8] {
        secrets.digest("homeward password reset v1\n\(accountID)\n\(expiresAtSeconds)\n\(passwordHash)")
    }
}
