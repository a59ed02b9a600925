import Foundation
import HomewardHTTP

/// `POST /v1/me/devices`, `GET /v1/me/devices`, `DELETE /v1/me/devices/{id}`: keys for tracking
/// clients that cannot log in (OsmAnd `id`, Overland `?token=`, OwnTracks Basic password).
func registerDeviceRoutes(on router: inout Router, app: HomewardApp) {
    let signedIn = AuthenticatedRoutes.session(app.authenticator)
    let store = DeviceStore(secrets: app.secrets)
    signedIn.post("/v1/me/devices", on: &router) { context, caller in
        let request = try context.decode(NewDeviceRequest.self)
        let name = try AccountService.validatedName(request.name)
        let secret = try request.validatedPayloadSecret()
        let device = try app.database.write { db in
            try store.create(
                named: name, readsOthers: request.readsOthers ?? false, payloadSecret: secret, for: caller.accountKey,
                at: app.clock.now(), in: db)
        }
        return .json(device, status: .created)
    }
    signedIn.get("/v1/me/devices", on: &router) { context, caller in
        return .json(DeviceListResponse(devices: try app.database.read { try store.devices(of: caller.accountKey, in: $0) }))
    }
    signedIn.delete("/v1/me/devices/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        guard try app.database.write({ try store.revoke(id, of: caller.accountKey, in: $0) }) else { throw HTTPError.notFound() }
        // A key sent as an HTTP Basic password (OwnTracks) is remembered for a while: forget it now.
        app.authenticator.forgetBasicLogins(of: caller.accountKey)
        return HTTPResponse(status: .noContent)
    }
}
