import HomewardStore

/// What the OwnTracks routes use: the OwnTracks service, the database and policy that decide whom a
/// guardian may ask to report, and who hears a locate request at once.
struct OwnTracksRoutesDependencies: Sendable {
    /// What OwnTracks messages mean, and the commands due to each phone.
    let owntracks: OwnTracksService
    /// Where the person asked about is looked up.
    let database: any DatabaseReader
    /// Decides whom a guardian may ask to report.
    let accessPolicy: AccessPolicy
    /// Told of every locate request after it is queued: the MQTT service publishes it to the
    /// person's phones at once (nothing without a broker).
    let onLocate: @Sendable (AccountKey) -> Void
}
