import HomewardStore

/// The one kind of data a share link reads.
public enum ShareScope: String, Codable, Sendable {
    /// Symptom episodes: `GET /v1/shared/{token}/episodes` (JSON or CSV).
    case episodes
    /// Location history: `GET /v1/shared/{token}/locations` (JSON or GPX).
    case locations
}

extension ShareScope: DatabaseValueConvertible {
    /// The scope as stored in `shares.scope`.
    public var databaseValue: DatabaseValue { .text(rawValue) }

    /// Reads a stored scope; nil for text that names none.
    public init?(databaseValue: DatabaseValue) {
        guard case .text(let text) = databaseValue else { return nil }
        self.init(rawValue: text)
    }
}
