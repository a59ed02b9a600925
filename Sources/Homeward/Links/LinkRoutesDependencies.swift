import HomewardStore

/// What the link routes use: the link service, the database and access policy that find a link's
/// parties, and the addresses a linking QR code points at.
struct LinkRoutesDependencies: Sendable {
    /// Draws and checks codes, makes and ends links.
    let links: LinkService
    /// Read for the parties of a link being ended.
    let database: any DatabaseReader
    /// Finds the link the caller may end (404 otherwise).
    let accessPolicy: AccessPolicy
    /// The public base URL (or listening address) a linking QR code's address is built from.
    let addresses: LinkAddresses
}
