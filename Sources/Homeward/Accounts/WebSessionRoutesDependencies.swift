/// What the web app's session routes use: the account service that logs in and out, the
/// authenticator that reads the cookie, and the session lifetime the cookie is given.
struct WebSessionRoutesDependencies: Sendable {
    /// Checks the session cookie.
    let authenticator: Authenticator
    /// Logs in, reads the account, ends the session.
    let accounts: AccountService
    /// How long the session cookie lives, in seconds (`sessionLifetimeSeconds`).
    let sessionLifetimeSeconds: Int
}
