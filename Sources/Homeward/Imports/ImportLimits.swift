/// The limits of imports over the API (`homeward serve` flags, documented in docs/imports.md).
public struct ImportLimits: Sendable {
    /// Bytes an uploaded file may have at most, as sent (`--max-import-upload-bytes`).
    public var maxUploadBytes: Int
    /// Imports running at once for one person (`--max-running-imports-per-account`).
    public var maxRunningPerAccount: Int
    /// Imports running at once on this server (`--max-running-imports`).
    public var maxRunningPerServer: Int
    /// Where uploads are kept while they are imported (`--import-upload-directory`); the system's
    /// temporary directory when nil.
    public var uploadDirectory: String?
    /// Fixes stored per write: small, so an SOS or a phone's post waits at most a few milliseconds
    /// behind an import.
    public static let batchFixes = 2_000
    /// Seconds at least between two `import` events of one import.
    public static let progressEventSeconds = 1.0
    /// Imports listed at most.
    public static let maxListed = 50

    /// Limits taken from the server's `configuration`.
    public init(_ configuration: AppConfiguration) {
        maxUploadBytes = configuration.maxImportUploadBytes
        maxRunningPerAccount = configuration.maxRunningImportsPerAccount
        maxRunningPerServer = configuration.maxRunningImports
        uploadDirectory = configuration.importUploadDirectory
    }
}
