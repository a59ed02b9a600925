import HomewardHTTP

/// History imports over the API: POST /v1/accounts/{id}/imports (the file as the body, streamed:
/// raw, gzip or zip; 202 with the import at once), GET /v1/accounts/{id}/imports (newest first),
/// GET /v1/accounts/{id}/imports/{importId} (progress), DELETE /v1/accounts/{id}/imports/{importId}
/// (cancels a running import, undoes a finished one). The person and their guardians only; anyone
/// else, a former guardian included, gets 404.
func registerImportRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: ImportRoutesDependencies) {
    signedIn.on(.post, "/v1/accounts/{id}/imports", body: .streamed(maxBytes: services.limits.maxUploadBytes), on: &router) { context, caller in
        let id = try context.parameter("id")
        let account = try services.database.read { db in try services.accessPolicy.visibleAccount(id, to: caller, in: db) }
        guard let body = context.bodyStream else { throw HTTPError.invalidRequest("Send the history file as the body.") }
        let record = try services.jobs.start(importing: body, for: account, accountID: id)
        return .json(ImportResource(record, accountID: id), status: .accepted)
    }
    signedIn.get("/v1/accounts/{id}/imports", on: &router) { context, caller in
        let id = try context.parameter("id")
        let account = try services.database.read { db in try services.accessPolicy.visibleAccount(id, to: caller, in: db) }
        let records = try services.service.imports(of: account, limit: ImportLimits.maxListed)
        return .json(ImportList(imports: records.map { resource($0, of: id, services) }))
    }
    signedIn.get("/v1/accounts/{id}/imports/{importId}", on: &router) { context, caller in
        let id = try context.parameter("id")
        let record = try visibleImport(try context.parameter("importId"), of: id, to: caller, services)
        return .json(resource(record, of: id, services))
    }
    signedIn.delete("/v1/accounts/{id}/imports/{importId}", on: &router) { context, caller in
        let id = try context.parameter("id"), importID = try context.parameter("importId")
        var record = try visibleImport(importID, of: id, to: caller, services)
        if record.state == .running {
            guard services.jobs.cancel(importID) else {
                throw HTTPError.conflict("The import is running on another server; cancel it again in a moment.")
            }
            record = try visibleImport(importID, of: id, to: caller, services)
        } else {
            record = try services.service.undo(importID: importID) ?? record
        }
        return .json(ImportResource(record, accountID: id))
    }
}

/// Import `importID` of the account `id`, when the caller may see that account's history and the
/// import is that account's; 404 otherwise (unknown and not visible look the same).
private func visibleImport(_ importID: String, of id: String, to caller: Caller, _ services: ImportRoutesDependencies) throws -> ImportRecord {
    let account = try services.database.read { db in try services.accessPolicy.visibleAccount(id, to: caller, in: db) }
    guard let (owner, record) = try services.service.find(importID: importID), owner == account else { throw HTTPError.notFound() }
    return record
}

/// The resource of `record`, with its live progress and ETA while it runs on this server.
private func resource(_ record: ImportRecord, of id: String, _ services: ImportRoutesDependencies) -> ImportResource {
    guard record.state == .running, let progress = services.jobs.progress(of: record.id) else {
        return ImportResource(record, accountID: id)
    }
    return ImportResource(progress.record ?? record, accountID: id, etaSeconds: progress.etaSeconds)
}
