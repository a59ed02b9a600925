/// What the link routes use: the link service, and the addresses a linking QR code points at.
struct LinkRoutesDependencies: Sendable {
    /// Draws and checks codes, makes and ends links.
    let links: LinkService
    /// The public base URL (or listening address) a linking QR code's address is built from.
    let addresses: LinkAddresses
}
