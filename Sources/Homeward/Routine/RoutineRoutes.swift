import HomewardHTTP

/// The learned routine for guardians: GET /v1/accounts/{id}/places, PATCH
/// /v1/accounts/{id}/places/{placeId} (name a place, mark it not usual), GET and PATCH
/// /v1/accounts/{id}/routine (learning on or off). The person and their guardians only; anyone
/// else, a former guardian included, gets 404.
func registerRoutineRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: RoutineRoutesDependencies) {
    let store = RoutineStore()
    signedIn.get("/v1/accounts/{id}/places", on: &router) { context, caller in
        let id = try context.parameter("id")
        let now = services.clock.now()
        let list = try services.database.read { db in
            let account = try services.accessPolicy.visibleAccount(id, to: caller, in: db)
            let learned = try services.zoneObserver.learnedPlaces(of: account, at: now, in: db)
            return PlaceList(
                learning: learned.learning, learnedDays: learned.days,
                places: learned.places.map { PlaceResource($0.place, note: $0.note) })
        }
        return .json(list)
    }
    signedIn.patch("/v1/accounts/{id}/places/{placeId}", on: &router) { context, caller in
        let id = try context.parameter("id"), placeID = try context.parameter("placeId")
        let update = try context.decode(PlaceUpdate.self)
        let now = services.clock.now()
        let place = try services.database.write { db -> PlaceResource in
            let account = try services.accessPolicy.visibleAccount(id, to: caller, in: db)
            let learned = try services.zoneObserver.learnedPlaces(of: account, at: now, in: db)
            guard let found = learned.places.first(where: { String($0.place.key) == placeID }) else {
                throw HTTPError.notFound("No learned place \(placeID).")
            }
            let note = try update.applied(to: found.note ?? RoutineStore.PlaceNote())
            try store.setNote(note, onPlace: placeID, of: account, at: now, in: db)
            if note.usual != (found.note?.usual ?? true) { services.zoneObserver.invalidate(account) }
            return PlaceResource(found.place, note: note)
        }
        return .json(place)
    }
    signedIn.get("/v1/accounts/{id}/routine", on: &router) { context, caller in
        let id = try context.parameter("id")
        let settings = try services.database.read { db in
            let account = try services.accessPolicy.visibleAccount(id, to: caller, in: db)
            return try store.settings(of: account, maxTuningSteps: services.falseAlarmMaxTuningSteps, in: db)
        }
        return .json(RoutineSettingsResource(learning: settings.learning))
    }
    signedIn.patch("/v1/accounts/{id}/routine", on: &router) { context, caller in
        let id = try context.parameter("id")
        let request = try context.decode(RoutineSettingsResource.self)
        try services.database.write { db in
            let account = try services.accessPolicy.visibleAccount(id, to: caller, in: db)
            let before = try store.settings(of: account, maxTuningSteps: services.falseAlarmMaxTuningSteps, in: db)
            try store.setLearning(request.learning, for: account, at: services.clock.now(), in: db)
            if before.learning != request.learning { services.zoneObserver.invalidate(account, keepingRoutine: false) }
        }
        return .json(request)
    }
}
