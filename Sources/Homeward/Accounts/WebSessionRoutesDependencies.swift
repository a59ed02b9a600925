/// What the web app's session routes use: the account service that logs in and out, and the
/// session lifetime the cookie is given.
struct WebSessionRoutesDependencies: Sendable {
    /// Logs in, reads the account, ends the session.
    let accounts: AccountService
    /// How long the session cookie lives, in seconds (`sessionLifetimeSeconds`).
    let sessionLifetimeSeconds: Int
}
