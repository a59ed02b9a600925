import HomewardHTTP
import HomewardStore

/// What the import endpoints do: start an import into a person's history, list, show and cancel or
/// undo imports, each for the person or their guardians only (`AccessPolicy`, 404 otherwise). The
/// stored imports are `ImportService`'s, the ones running on this server `ImportJobs`'.
struct ImportRequestService: Sendable {
    /// Where the account is looked up.
    let database: any DatabaseReader
    /// Decides whose history the caller may import into, list and undo (404 otherwise).
    let accessPolicy: AccessPolicy
    /// Lists imports and undoes a finished one.
    let service: ImportService
    /// Receives uploads, runs and cancels imports.
    let jobs: ImportJobs
    /// The largest upload.
    let limits: ImportLimits

    /// Starts importing `body` into the history of the account `id`: the import, still running.
    func start(importing body: HTTPRequestBodyStream?, into id: String, by caller: Caller) throws -> ImportResource {
        let account = try visibleAccount(id, to: caller)
        guard let body else { throw HTTPError.invalidRequest("Send the history file as the body.") }
        return ImportResource(try jobs.start(importing: body, for: account, accountID: id), accountID: id)
    }

    /// The newest imports of the account `id`.
    func imports(of id: String, for caller: Caller) throws -> ImportList {
        let records = try service.imports(of: try visibleAccount(id, to: caller), limit: ImportLimits.maxListed)
        return ImportList(imports: records.map { resource($0, of: id) })
    }

    /// The import `importID` of the account `id`, with its progress while it runs here.
    func find(_ importID: String, of id: String, for caller: Caller) throws -> ImportResource {
        resource(try visibleImport(importID, of: id, to: caller), of: id)
    }

    /// Cancels the import `importID` of the account `id` while it runs (409 when it runs on another
    /// server), or undoes it once it has finished.
    func cancelOrUndo(_ importID: String, of id: String, by caller: Caller) throws -> ImportResource {
        var record = try visibleImport(importID, of: id, to: caller)
        if record.state == .running {
            guard jobs.cancel(importID) else {
                throw HTTPError.conflict("The import is running on another server; cancel it again in a moment.")
            }
            record = try visibleImport(importID, of: id, to: caller)
        } else {
            record = try service.undo(importID: importID) ?? record
        }
        return ImportResource(record, accountID: id)
    }

    private func visibleAccount(_ id: String, to caller: Caller) throws -> AccountKey {
        try database.read { db in try accessPolicy.visibleAccount(id, to: caller, in: db) }
    }

    /// Import `importID` of the account `id`, when the caller may see that account's history and the
    /// import is that account's; 404 otherwise (unknown and not visible look the same).
    private func visibleImport(_ importID: String, of id: String, to caller: Caller) throws -> ImportRecord {
        let account = try visibleAccount(id, to: caller)
        guard let (owner, record) = try service.find(importID: importID), owner == account else { throw HTTPError.notFound() }
        return record
    }

    /// The resource of `record`, with its live progress and ETA while it runs on this server.
    private func resource(_ record: ImportRecord, of id: String) -> ImportResource {
        guard record.state == .running, let progress = jobs.progress(of: record.id) else {
            return ImportResource(record, accountID: id)
        }
        return ImportResource(progress.record ?? record, accountID: id, etaSeconds: progress.etaSeconds)
    }
}
