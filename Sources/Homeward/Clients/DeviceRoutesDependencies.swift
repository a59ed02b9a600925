import HomewardStore

/// What the device-key routes use: the devices table, the digest a key is stored as, and the
/// remembered Basic logins a revoked key must leave.
struct DeviceRoutesDependencies: Sendable {
    /// Forgets the remembered Basic logins of an account, one of whose keys was revoked
    /// (`Authenticator.forgetBasicLogins(of:)`).
    let forgetBasicLogins: @Sendable (AccountKey) -> Void
    /// Holds the devices and their key digests.
    let database: any DatabaseWriter
    /// Digests a new key under the server secret.
    let secrets: SecretHasher
    /// The creation time of a new key.
    let clock: any WallClock
    /// The first level every OwnTracks topic of a device must have (`--mqtt-owntracks-prefix`).
    let ownTracksTopicPrefix: String
}
