import HomewardStore

/// What the account routes use: the account service, and the database, access policy and clock
/// that find a picture the caller may see or a session of their own.
struct AccountRoutesDependencies: Sendable {
    /// Registers, logs in, updates and deletes accounts.
    let accounts: AccountService
    /// Read for pictures and sessions.
    let database: any DatabaseReader
    /// Decides whose picture and which session the caller may reach (404 otherwise).
    let accessPolicy: AccessPolicy
    /// The time a session is checked at.
    let clock: any WallClock
    /// Mails "forgot password" links.
    let passwordResetMail: PasswordResetMail
    /// The web app's address the links point at.
    let addresses: LinkAddresses
}
