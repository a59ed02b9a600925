/// What the phone-setup routes use: the service, and the server's public address the apps post to.
struct PhoneSetupRoutesDependencies: Sendable {
    /// Makes the keys and links, and answers for the devices.
    let setup: PhoneSetupService
    /// The address a phone reaches the server at.
    let addresses: LinkAddresses
}
