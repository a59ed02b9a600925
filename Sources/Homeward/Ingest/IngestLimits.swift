/// The rules ingest applies to every batch, from `AppConfiguration` and the API's fixed limits.
public struct IngestLimits: Sendable {
    /// Samples one request may carry at most (API.md).
    public static let maxSamplesPerRequest = 1000
    /// How far past the server's clock a sample's `t` may lie (clock skew of phones).
    public static let maxFutureMilliseconds: Int64 = 10 * 60 * 1000
    /// Bytes a client's sample `id` may have at most.
    public static let maxSampleIDBytes = 128
    /// Uncompressed bodies up to this size (about 20 samples), from a session already known, are
    /// handled on the I/O thread instead of a worker: parsing them costs less than the hand-off.
    public static let inlineBodyBytes = 4096

    /// Fixes with a horizontal accuracy worse than this are stored but flagged.
    public var poorAccuracyMetres: Double
    /// A fix implying a faster move than this from the previous reliable fix is flagged as a jump.
    public var maxPlausibleSpeedMetresPerSecond: Double

    /// Creates limits.
    public init(poorAccuracyMetres: Double, maxPlausibleSpeedMetresPerSecond: Double) {
        self.poorAccuracyMetres = poorAccuracyMetres
        self.maxPlausibleSpeedMetresPerSecond = maxPlausibleSpeedMetresPerSecond
    }
}
