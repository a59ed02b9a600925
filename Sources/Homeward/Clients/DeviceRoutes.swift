import Foundation
import HomewardHTTP

/// `POST /v1/me/devices`, `GET /v1/me/devices`, `DELETE /v1/me/devices/{id}`: keys for tracking
/// clients that cannot log in (OsmAnd `id`, Overland `?token=`, OwnTracks Basic password).
func registerDeviceRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: DeviceRoutesDependencies) {
    signedIn.post("/v1/me/devices", on: &router) { context, caller in
        let request = try context.decode(NewDeviceRequest.self)
        let name = try AccountService.validatedName(request.name)
        let secret = try request.validatedPayloadSecret()
        let topic = try request.ownTracksTopic.map { topic throws(HTTPError) in
            try OwnTracksTopic.validated(topic, prefix: services.ownTracksTopicPrefix)
        }
        // The key is shown this once: only its keyed digest is stored.
        let device = NewDeviceResponse(
            id: SecureRandom.identifier(), name: name, key: SecureRandom.token(), readsOthers: request.readsOthers ?? false,
            createdAt: services.clock.now(), ownTracksTopic: topic)
        do {
            try services.database.write { db in
                try DeviceStore(db: db).insert(
                    device, keyDigest: services.secrets.digest(device.key), payloadSecret: secret, ownTracksTopic: topic,
                    of: caller.accountKey)
            }
        } catch DeviceStoreError.topicTaken {
            throw HTTPError.conflict("Another device already has this OwnTracks topic.")
        }
        return .json(device, status: .created)
    }
    signedIn.get("/v1/me/devices", on: &router) { context, caller in
        return .json(DeviceListResponse(devices: try services.database.read { try DeviceStore(db: $0).devices(of: caller.accountKey) }))
    }
    signedIn.delete("/v1/me/devices/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        guard try services.database.write({ try DeviceStore(db: $0).revoke(id, of: caller.accountKey) }) else { throw HTTPError.notFound() }
        // A key sent as an HTTP Basic password (OwnTracks) is remembered for a while: forget it now.
        services.forgetBasicLogins(caller.accountKey)
        return HTTPResponse(status: .noContent)
    }
}
