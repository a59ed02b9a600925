import HomewardHTTP

/// History imports over the API: POST /v1/accounts/{id}/imports (the file as the body, streamed:
/// raw, gzip or zip; 202 with the import at once), GET /v1/accounts/{id}/imports (newest first),
/// GET /v1/accounts/{id}/imports/{importId} (progress), DELETE /v1/accounts/{id}/imports/{importId}
/// (cancels a running import, undoes a finished one). The person and their guardians only; anyone
/// else, a former guardian included, gets 404.
func registerImportRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, imports: ImportRequestService) {
    signedIn.on(.post, "/v1/accounts/{id}/imports", body: .streamed(maxBytes: imports.limits.maxUploadBytes), on: &router) { context, caller in
        .json(try imports.start(importing: context.bodyStream, into: try context.parameter("id"), by: caller), status: .accepted)
    }
    signedIn.get("/v1/accounts/{id}/imports", on: &router) { context, caller in
        .json(try imports.imports(of: try context.parameter("id"), for: caller))
    }
    signedIn.get("/v1/accounts/{id}/imports/{importId}", on: &router) { context, caller in
        let id = try context.parameter("id")
        return .json(try imports.find(try context.parameter("importId"), of: id, for: caller))
    }
    signedIn.delete("/v1/accounts/{id}/imports/{importId}", on: &router) { context, caller in
        let id = try context.parameter("id")
        return .json(try imports.cancelOrUndo(try context.parameter("importId"), of: id, by: caller))
    }
}
