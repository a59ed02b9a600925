import HomewardHTTP

/// POST and GET /v1/accounts/{id}/zones, DELETE /v1/zones/{id}: guardians manage their dependents'
/// safe zones and a person their own; anyone else gets 404.
func registerZoneRoutes(on router: inout Router, app: HomewardApp) {
    let signedIn = AuthenticatedRoutes.session(app.authenticator)
    let store = ZoneStore()
    signedIn.post("/v1/accounts/{id}/zones", on: &router) { context, caller in
        let id = try context.parameter("id")
        _ = try app.database.read { db in try app.accessPolicy.visibleAccount(id, to: caller, in: db) }
        let zone = try context.decode(ZoneRequest.self)
            .validated(id: SecureRandom.identifier(), createdAt: app.clock.now(), limits: app.configuration)
        try app.database.write { db in
            let account = try app.accessPolicy.visibleAccount(id, to: caller, in: db)
            try store.insert(zone, for: account, createdBy: caller.accountKey, limits: app.configuration, in: db)
            app.zoneObserver.invalidate(account)
        }
        return .json(zone, status: .created)
    }
    signedIn.get("/v1/accounts/{id}/zones", on: &router) { context, caller in
        let id = try context.parameter("id")
        let zones = try app.database.read { db in
            try store.zones(of: try app.accessPolicy.visibleAccount(id, to: caller, in: db), in: db)
        }
        return .json(["zones": zones])
    }
    signedIn.delete("/v1/zones/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        let now = app.clock.now()
        let events = try app.database.write { db -> [AppEvent] in
            guard let owner = try store.owner(ofZone: id, in: db),
                  try !app.accessPolicy.relationships(of: caller, to: owner, in: db).isDisjoint(with: AccessPolicy.selfOrGuardian)
            else { throw HTTPError.notFound() }
            try store.delete(zone: id, in: db)
            app.zoneObserver.invalidate(owner)
            return try AlertCause.causes(ofZone: id).compactMap { cause in
                try app.alerts.resolve(cause: cause, for: owner, at: now, in: db)?.event
            }
        }
        for event in events { app.events.publish(event) }
        return HTTPResponse(status: .noContent)
    }
}
