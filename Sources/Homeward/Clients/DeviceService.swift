import HomewardHTTP
import HomewardStore

/// What the device-key endpoints do: issue a key for a tracking client that cannot log in (shown
/// once, stored as its keyed digest), list the caller's keys, and revoke one, forgetting the Basic
/// logins remembered with it.
struct DeviceService: Sendable {
    /// Forgets the remembered Basic logins of an account, one of whose keys was revoked
    /// (`Authenticator.forgetBasicLogins(of:)`).
    let forgetBasicLogins: @Sendable (AccountKey) -> Void
    /// Holds the devices and their key digests.
    let database: any DatabaseWriter
    /// Digests a new key under the server secret.
    let secrets: SecretHasher
    /// The creation time of a new key.
    let clock: any WallClock
    /// The first level every OwnTracks topic of a device must have (`--mqtt-owntracks-prefix`).
    let ownTracksTopicPrefix: String

    /// Issues the caller the key `request` describes; 409 when its OwnTracks topic is another
    /// device's.
    func issue(_ request: NewDeviceRequest, for caller: Caller) throws -> NewDeviceResponse {
        let name = try AccountService.validatedName(request.name)
        let secret = try request.validatedPayloadSecret()
        let topic = try request.ownTracksTopic.map { topic throws(HTTPError) in
            try OwnTracksTopic.validated(topic, prefix: ownTracksTopicPrefix)
        }
        // The key is shown this once: only its keyed digest is stored.
        let device = NewDeviceResponse(
            id: SecureRandom.identifier(), name: name, key: SecureRandom.token(), readsOthers: request.readsOthers ?? false,
            createdAt: clock.now(), ownTracksTopic: topic)
        do {
            try database.write { db in
                try DeviceStore(db: db).insert(
                    device, keyDigest: secrets.digest(device.key), payloadSecret: secret, ownTracksTopic: topic,
                    of: caller.accountKey)
            }
        } catch DeviceStoreError.topicTaken {
            throw HTTPError.conflict("Another device already has this OwnTracks topic.")
        }
        return device
    }

    /// The caller's keys (never the keys themselves).
    func devices(of caller: Caller) throws -> DeviceListResponse {
        DeviceListResponse(devices: try database.read { try DeviceStore(db: $0).devices(of: caller.accountKey) })
    }

    /// Revokes the caller's key `id`; 404 when they have none such.
    func revoke(_ id: String, of caller: Caller) throws {
        guard try database.write({ try DeviceStore(db: $0).revoke(id, of: caller.accountKey) }) else { throw HTTPError.notFound() }
        // A key sent as an HTTP Basic password (OwnTracks) is remembered for a while: forget it now.
        forgetBasicLogins(caller.accountKey)
    }
}
