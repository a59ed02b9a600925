import HomewardStore

/// The one kind of data a share link reads.
public enum ShareScope: String, Codable, Sendable {
    /// Symptom episodes: `GET /v1/shared/{token}/episodes` (JSON or CSV).
    case episodes
    /// Location history: `GET /v1/shared/{token}/locations` (JSON or GPX).
    case locations
}

/// Stored as its raw text.
extension ShareScope: DatabaseValueConvertible {}
