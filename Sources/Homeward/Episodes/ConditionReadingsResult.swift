/// The answer to `POST /v1/conditions`.
struct ConditionReadingsResult: Encodable, Sendable {
    /// Readings stored now.
    let accepted: Int
    /// Readings at a time the account already had, not stored again.
    let duplicates: Int
}
