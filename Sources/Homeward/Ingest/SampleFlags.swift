/// Why a stored location fix is not trusted by detectors (`locations.flags`).
public struct SampleFlags: OptionSet, Sendable, Hashable {
    /// The stored bits.
    public let rawValue: Int64

    /// Wraps stored bits.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Accuracy worse than `IngestLimits.poorAccuracyMetres`.
    public static let poorAccuracy = SampleFlags(rawValue: 1)
    /// Implies a speed above `IngestLimits.maxPlausibleSpeedMetresPerSecond` from the previous reliable fix.
    public static let jump = SampleFlags(rawValue: 2)
    /// The phone's clock was ahead of the server's beyond `IngestLimits.maxFutureMilliseconds`: the fix
    /// is stored at the time it arrived (tracking clients that would otherwise resend it for ever).
    public static let clockAhead = SampleFlags(rawValue: 4)

    /// The flag names as the API lists them (`poor_accuracy`, `jump`, `clock_ahead`).
    public var names: [String] {
        var names: [String] = []
        if contains(.poorAccuracy) { names.append("poor_accuracy") }
        if contains(.jump) { names.append("jump") }
        if contains(.clockAhead) { names.append("clock_ahead") }
        return names
    }
}
