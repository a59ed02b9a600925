import HomewardHTTP

/// `POST /v1/accounts/{id}/phone-setup` (a post-only device key and the chosen app's setup link and
/// QR code), `GET /v1/accounts/{id}/devices`, `GET` and `DELETE /v1/accounts/{id}/devices/{deviceId}`
/// (has the phone been heard from; revoke it), `PATCH /v1/accounts/{id}/devices/{deviceId}` (the
/// OwnTracks topic of a phone in MQTT mode): for the person and their guardians, 404 for anyone
/// else. Nothing here is cached: the setup answer holds a key.
func registerPhoneSetupRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: PhoneSetupRoutesDependencies) {
    let setup = services.setup
    signedIn.post("/v1/accounts/{id}/phone-setup", on: &router) { context, caller in
        let request = try context.decode(PhoneSetupRequest.self)
        let answer = try setup.setUp(
            request, for: try context.parameter("id"), by: caller, server: services.addresses.absoluteBase(for: context))
        return uncached(.json(answer, status: .created))
    }
    signedIn.get("/v1/accounts/{id}/devices", on: &router) { context, caller in
        uncached(.json(try setup.devices(of: try context.parameter("id"), by: caller)))
    }
    signedIn.get("/v1/accounts/{id}/devices/{deviceId}", on: &router) { context, caller in
        uncached(.json(try setup.device(try context.parameter("deviceId"), of: try context.parameter("id"), by: caller)))
    }
    signedIn.patch("/v1/accounts/{id}/devices/{deviceId}", on: &router) { context, caller in
        let request = try context.decode(DeviceUpdateRequest.self)
        return uncached(.json(try setup.update(
            try context.parameter("deviceId"), of: try context.parameter("id"), with: request, by: caller)))
    }
    signedIn.delete("/v1/accounts/{id}/devices/{deviceId}", on: &router) { context, caller in
        try setup.revoke(try context.parameter("deviceId"), of: try context.parameter("id"), by: caller)
        return HTTPResponse(status: .noContent)
    }
}

private func uncached(_ response: HTTPResponse) -> HTTPResponse {
    var response = response
    response.headers.add(name: "Cache-Control", value: "no-store")
    return response
}
