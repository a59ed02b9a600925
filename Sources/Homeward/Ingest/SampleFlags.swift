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

    /// The flag names as the API lists them (`poor_accuracy`, `jump`).
    public var names: [String] {
        var names: [String] = []
        if contains(.poorAccuracy) { names.append("poor_accuracy") }
        if contains(.jump) { names.append("jump") }
        return names
    }
}
