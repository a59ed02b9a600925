/// What the account routes use: the account service, the mail of "forgot password" links, and the
/// addresses those links point at.
struct AccountRoutesDependencies: Sendable {
    /// Registers, logs in, updates and deletes accounts, and finds pictures and sessions.
    let accounts: AccountService
    /// Mails "forgot password" links.
    let passwordResetMail: PasswordResetMail
    /// The web app's address the links point at.
    let addresses: LinkAddresses
}
