/// Whether the person is in a zone, as far as the hysteresis has decided.
public enum ZonePresence: String, Sendable, Equatable, Codable {
    /// Confirmed inside.
    case inside
    /// Confirmed outside.
    case outside
    /// Not decided yet.
    case unknown
}
