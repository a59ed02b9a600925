import HomewardHTTP

/// POST and GET /v1/accounts/{id}/zones, PUT and DELETE /v1/zones/{id}: guardians manage their
/// dependents' safe zones and a person their own; anyone else gets 404. Each route decodes, calls
/// one `ZoneService` method and encodes.
func registerZoneRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, zones: ZoneService) {
    signedIn.post("/v1/accounts/{id}/zones", on: &router) { context, caller in
        let id = try context.parameter("id")
        return .json(try zones.create(try context.decode(ZoneRequest.self), inAccount: id, by: caller), status: .created)
    }
    signedIn.put("/v1/zones/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        return .json(try zones.replace(id, with: try context.decode(ZoneRequest.self), by: caller))
    }
    signedIn.get("/v1/accounts/{id}/zones", on: &router) { context, caller in
        .json(["zones": try zones.zones(ofAccount: try context.parameter("id"), for: caller)])
    }
    signedIn.delete("/v1/zones/{id}", on: &router) { context, caller in
        try zones.delete(try context.parameter("id"), by: caller)
        return HTTPResponse(status: .noContent)
    }
}
