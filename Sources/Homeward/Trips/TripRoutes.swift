import HomewardHTTP

/// The trip endpoints (API.md "Trips"): decode, call the `TripService`, encode; all but `watch` signed in.
func registerTripRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: TripRoutesDependencies) {
    signedIn.post("/v1/trips", on: &router) { context, caller in
        let request = try context.decode(CreateTripRequest.self)
        return .json(try services.trips.create(request, by: caller), status: .created)
    }
    signedIn.get("/v1/trips", on: &router) { context, caller in
        var status: TripStatus?
        if let name = context.query["status"] {
            guard let parsed = TripStatus(rawValue: name) else {
                throw HTTPError.invalidRequest("status must be active or arrived.", field: "status")
            }
            status = parsed
        }
        let limit = try context.query.limit(default: TripConfiguration.defaultPageSize, maximum: TripConfiguration.maxPageSize)
        return .json(try services.trips.trips(for: caller, status: status, limit: limit, after: context.query["cursor"]))
    }
    signedIn.post("/v1/trips/join", on: &router) { context, caller in
        let request = try context.decode(JoinTripRequest.self)
        return .json(try services.trips.join(request, by: caller, from: context.origin.address), status: .created)
    }
    router.post("/v1/trips/watch") { context in
        let request = try context.decode(JoinTripRequest.self)
        return .json(try services.trips.watch(request, from: context.origin.address))
    }
    signedIn.get("/v1/trips/{id}", on: &router) { context, caller in
        return .json(try services.trips.trip(try context.parameter("id"), for: caller))
    }
    signedIn.delete("/v1/trips/{id}", on: &router) { context, caller in
        try services.trips.delete(try context.parameter("id"), by: caller)
        return HTTPResponse(status: .noContent)
    }
    signedIn.post("/v1/trips/{id}/events", on: &router) { context, caller in
        let request = try context.decode(TripEventRequest.self)
        return .json(try services.trips.record(request, onTrip: try context.parameter("id"), by: caller), status: .created)
    }
    signedIn.get("/v1/trips/{id}/path", on: &router) { context, caller in
        let requested = try HistoryQuery(context.query, now: services.clock.now())
        return try services.trips.path(of: try context.parameter("id"), requested, for: caller)
    }
    signedIn.post("/v1/trips/{id}/arrive", on: &router) { context, caller in
        return .json(try services.trips.arrive(try context.parameter("id"), by: caller))
    }
}
