import HomewardHTTP

/// POST and GET /v1/accounts/{id}/zones, PUT and DELETE /v1/zones/{id}: guardians manage their
/// dependents' safe zones and a person their own; anyone else gets 404.
func registerZoneRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: ZoneRoutesDependencies) {
    signedIn.post("/v1/accounts/{id}/zones", on: &router) { context, caller in
        let id = try context.parameter("id")
        _ = try services.database.read { db in try services.accessPolicy.visibleAccount(id, to: caller, in: db) }
        let zone = try context.decode(ZoneRequest.self)
            .validated(id: SecureRandom.identifier(), createdAt: services.clock.now(), limits: services.limits)
        try services.database.write { db in
            let account = try services.accessPolicy.visibleAccount(id, to: caller, in: db)
            try httpErrors { try ZoneStore(db: db).insert(zone, for: account, createdBy: caller.accountKey, limits: services.limits) }
            services.zoneObserver.invalidate(account)
        }
        return .json(zone, status: .created)
    }
    // A changed zone keeps its id and creation time, so its alerts and its place in the list stay.
    signedIn.put("/v1/zones/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        let request = try context.decode(ZoneRequest.self)
        let zone = try services.database.write { db -> ZoneResource in
            let store = ZoneStore(db: db)
            guard let owner = try store.owner(ofZone: id),
                  try !services.accessPolicy.relationships(of: caller, to: owner, in: db).isDisjoint(with: AccessPolicy.selfOrGuardian),
                  let old = try store.zones(of: owner).first(where: { $0.id == id })
            else { throw HTTPError.notFound() }
            let zone = try request.validated(id: id, createdAt: old.createdAt, limits: services.limits)
            try store.delete(zone: id)
            try httpErrors { try store.insert(zone, for: owner, createdBy: caller.accountKey, limits: services.limits) }
            services.zoneObserver.invalidate(owner)
            return zone
        }
        return .json(zone)
    }
    signedIn.get("/v1/accounts/{id}/zones", on: &router) { context, caller in
        let id = try context.parameter("id")
        let zones = try services.database.read { db in
            try ZoneStore(db: db).zones(of: try services.accessPolicy.visibleAccount(id, to: caller, in: db))
        }
        return .json(["zones": zones])
    }
    signedIn.delete("/v1/zones/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        let now = services.clock.now()
        let events = try services.database.write { db -> [AppEvent] in
            let store = ZoneStore(db: db)
            guard let owner = try store.owner(ofZone: id),
                  try !services.accessPolicy.relationships(of: caller, to: owner, in: db).isDisjoint(with: AccessPolicy.selfOrGuardian)
            else { throw HTTPError.notFound() }
            try store.delete(zone: id)
            services.zoneObserver.invalidate(owner)
            return try AlertCause.causes(ofZone: id).compactMap { cause in
                try services.alerts.resolve(cause: cause, for: owner, at: now, in: db)?.event
            }
        }
        for event in events { services.events.publish(event) }
        return HTTPResponse(status: .noContent)
    }
}

/// Runs `body`, turning a `ZoneStoreError` into the HTTP error the family reads.
private func httpErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ZoneStoreError {
        switch error {
        case .tooManyZones(let limit):
            throw HTTPError.invalidRequest("A person may have at most \(limit) zones.")
        case .secondHome:
            throw HTTPError.conflict("This person already has a home zone; delete it first.")
        case .timeZoneMismatch(let existing):
            throw HTTPError.invalidRequest("timeZone must match the person's other zones (\(existing)).", field: "timeZone")
        }
    }
}
