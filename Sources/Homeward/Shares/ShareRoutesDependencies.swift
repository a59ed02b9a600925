import HomewardStore

/// What the share routes use: the shares table and the data shared, the digests tokens are stored
/// as, the clock links expire by, and the addresses a link is built from.
struct ShareRoutesDependencies: Sendable {
    /// Holds the shares and what they read.
    let database: any DatabaseWriter
    /// Digests share tokens under the server secret.
    let secrets: SecretHasher
    /// The time links are made and checked at.
    let clock: any WallClock
    /// The public base URL a share link is built from.
    let addresses: LinkAddresses
}
