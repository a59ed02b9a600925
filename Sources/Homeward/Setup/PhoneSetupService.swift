import Foundation
import HomewardHTTP
import HomewardStore

/// Sets up a phone for a person: the person themself or one of their guardians makes a post-only
/// device key of the person's (`PostOnlyDeviceKey`) and gets the chosen app's setup link and QR
/// code; then asks whether the phone was heard from. Anyone else gets 404 (`AccessPolicy`).
struct PhoneSetupService: Sendable {
    /// Pixels to a module of the QR code's PNG: about 400 pixels across for a setup link.
    static let qrPixelsPerModule = 6

    let database: any DatabaseWriter
    let accessPolicy: AccessPolicy
    let secrets: SecretHasher
    let clock: any WallClock
    /// Forgets the remembered Basic logins of an account whose key was revoked.
    let forgetBasicLogins: @Sendable (AccountKey) -> Void
    /// The first level every OwnTracks topic of a device must have (`--mqtt-owntracks-prefix`).
    let ownTracksTopicPrefix: String

    /// A new post-only device of the person `accountID` and the link setting `request.app` up to post
    /// to `server` with it, replacing the person's earlier setup devices that no phone has used.
    func setUp(_ request: PhoneSetupRequest, for accountID: String, by caller: Caller, server: String) throws -> PhoneSetup {
        let app = try request.validatedApp()
        let name = try AccountService.validatedName(request.name ?? "\(app.title) phone")
        let device = NewDeviceResponse(
            id: SecureRandom.identifier(), name: name, key: PostOnlyDeviceKey.make(), readsOthers: false, createdAt: clock.now())
        // A new code replaces the person's earlier codes that no phone has used: "Show the code"
        // pressed twice leaves one phone waiting, not a list of phones that never came. Their keys
        // never authenticated, so no Basic login of theirs is remembered to forget.
        let (personName, zones, replaced) = try database.write { db in
            let account = try accessPolicy.visibleAccount(accountID, to: caller, in: db)
            guard let overview = try AccountStore(db: db).overview(of: account) else { throw HTTPError.notFound() }
            let devices = DeviceStore(db: db)
            let replaced = try devices.removeUnheardSetUpDevices(of: account)
            try devices.insert(device, keyDigest: secrets.digest(device.key), payloadSecret: nil, setUpFor: app, of: account)
            return (overview.name, try ZoneStore(db: db).zones(of: account), replaced)
        }
        let setup = PhoneSetupLink(app: app, server: server, key: device.key, name: personName, zones: zones)
        guard let code = QRCodeImage(encoding: setup.link) else { throw HTTPError.invalidRequest("The setup link is too long for a QR code.") }
        return PhoneSetup(
            device: DeviceResource(id: device.id, name: device.name, createdAt: device.createdAt, lastUsedAt: nil, readsOthers: false, ownTracksTopic: nil),
            app: app, link: setup.link,
            qrCode: "data:image/png;base64," + Data(code.png(pixelsPerModule: Self.qrPixelsPerModule)).base64EncodedString(),
            settings: setup.settings, stores: app.stores, steps: app.steps, replaced: replaced)
    }

    /// The devices of the person `accountID`.
    func devices(of accountID: String, by caller: Caller) throws -> DeviceListResponse {
        try database.read { db in
            DeviceListResponse(devices: try DeviceStore(db: db).devices(of: try accessPolicy.visibleAccount(accountID, to: caller, in: db)))
        }
    }

    /// Device `deviceID` of the person `accountID`, with when its key was last used: whether the
    /// phone set up has been heard from.
    func device(_ deviceID: String, of accountID: String, by caller: Caller) throws -> DeviceResource {
        try database.read { db in
            let account = try accessPolicy.visibleAccount(accountID, to: caller, in: db)
            guard let device = try DeviceStore(db: db).device(deviceID, of: account) else { throw HTTPError.notFound() }
            return device
        }
    }

    /// Changes device `deviceID` of the person `accountID` as `request` says (its OwnTracks topic);
    /// 409 when another device has the topic.
    func update(_ deviceID: String, of accountID: String, with request: DeviceUpdateRequest, by caller: Caller) throws -> DeviceResource {
        let topic: String?
        switch request.ownTracksTopic {
        case .unchanged: return try device(deviceID, of: accountID, by: caller)
        case .cleared: topic = nil
        case .set(let text): topic = try OwnTracksTopic.validated(text, prefix: ownTracksTopicPrefix)
        }
        do {
            return try database.write { db in
                let account = try accessPolicy.visibleAccount(accountID, to: caller, in: db)
                let devices = DeviceStore(db: db)
                guard try devices.setOwnTracksTopic(topic, ofDevice: deviceID, of: account),
                      let device = try devices.device(deviceID, of: account) else { throw HTTPError.notFound() }
                return device
            }
        } catch DeviceStoreError.topicTaken {
            throw HTTPError.conflict("Another device already has this OwnTracks topic.")
        }
    }

    /// Revokes device `deviceID` of the person `accountID`.
    func revoke(_ deviceID: String, of accountID: String, by caller: Caller) throws {
        let account = try database.write { db in
            let account = try accessPolicy.visibleAccount(accountID, to: caller, in: db)
            guard try DeviceStore(db: db).revoke(deviceID, of: account) else { throw HTTPError.notFound() }
            return account
        }
        forgetBasicLogins(account)
    }
}
