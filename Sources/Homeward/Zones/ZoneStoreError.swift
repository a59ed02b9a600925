/// Why `ZoneStore` refused a zone; the route turns it into the HTTP answer.
enum ZoneStoreError: Error, Equatable {
    /// The person already has `limit` zones (`--max-zones-per-account`).
    case tooManyZones(limit: Int)
    /// The person already has a home zone.
    case secondHome
    /// The zone's time zone differs from `existing`, that of the person's other zones.
    case timeZoneMismatch(existing: String)
}
