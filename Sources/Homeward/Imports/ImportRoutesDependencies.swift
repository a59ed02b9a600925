import HomewardStore

/// What the import routes use: who may import into whose history, the imports as stored, the
/// jobs that run them, and their limits.
struct ImportRoutesDependencies: Sendable {
    /// Where imports are read.
    let database: any DatabaseReader
    /// Decides whose history the caller may import into, list and undo (404 otherwise).
    let accessPolicy: AccessPolicy
    /// Lists imports and undoes a finished one.
    let service: ImportService
    /// Receives uploads, runs and cancels imports.
    let jobs: ImportJobs
    /// The largest upload.
    let limits: ImportLimits
}
