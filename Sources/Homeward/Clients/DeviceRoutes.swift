import HomewardHTTP

/// `POST /v1/me/devices`, `GET /v1/me/devices`, `DELETE /v1/me/devices/{id}`: keys for tracking
/// clients that cannot log in (OsmAnd `id`, Overland `?token=`, OwnTracks Basic password).
func registerDeviceRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, devices: DeviceService) {
    signedIn.post("/v1/me/devices", on: &router) { context, caller in
        .json(try devices.issue(try context.decode(NewDeviceRequest.self), for: caller), status: .created)
    }
    signedIn.get("/v1/me/devices", on: &router) { context, caller in
        .json(try devices.devices(of: caller))
    }
    signedIn.delete("/v1/me/devices/{id}", on: &router) { context, caller in
        try devices.revoke(try context.parameter("id"), of: caller)
        return HTTPResponse(status: .noContent)
    }
}
