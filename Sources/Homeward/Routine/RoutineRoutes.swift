import HomewardHTTP

/// The learned routine for guardians: GET /v1/accounts/{id}/places, PATCH
/// /v1/accounts/{id}/places/{placeId} (name a place, mark it not usual), GET and PATCH
/// /v1/accounts/{id}/routine (learning on or off). The person and their guardians only; anyone
/// else, a former guardian included, gets 404.
func registerRoutineRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, routine: RoutineService) {
    signedIn.get("/v1/accounts/{id}/places", on: &router) { context, caller in
        .json(try routine.places(of: try context.parameter("id"), for: caller))
    }
    signedIn.patch("/v1/accounts/{id}/places/{placeId}", on: &router) { context, caller in
        let id = try context.parameter("id"), placeID = try context.parameter("placeId")
        return .json(try routine.note(try context.decode(PlaceUpdate.self), onPlace: placeID, of: id, by: caller))
    }
    signedIn.get("/v1/accounts/{id}/routine", on: &router) { context, caller in
        .json(try routine.settings(of: try context.parameter("id"), for: caller))
    }
    signedIn.patch("/v1/accounts/{id}/routine", on: &router) { context, caller in
        let id = try context.parameter("id")
        return .json(try routine.update(try context.decode(RoutineSettingsResource.self), of: id, by: caller))
    }
}
