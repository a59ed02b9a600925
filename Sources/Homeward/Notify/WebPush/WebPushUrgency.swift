/// How soon a push service should wake the browser's device for a message (RFC 8030 §5.3): the
/// `Urgency` header. A device saving battery may only take `high` messages.
public enum WebPushUrgency: String, Sendable, CaseIterable {
    /// Only when the device is on power and Wi-Fi.
    case veryLow = "very-low"
    /// On power or Wi-Fi.
    case low
    /// When not saving battery.
    case normal
    /// At once, even on low battery.
    case high
}
