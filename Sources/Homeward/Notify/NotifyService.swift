import HomewardHTTP
import HomewardStore

/// How alerts reach a guardian besides the webhook and event streams: their channels (adding,
/// changing, removing, testing one), their quiet hours, and, for the person watched, how unanswered
/// alerts escalate. Every method acts on the caller's own settings only: a channel of someone else
/// is absent (404), and an escalation order may name only the caller's own guardians.
struct NotifyService: Sendable {
    private let database: any DatabaseWriter
    private let channelDelivery: ChannelDelivery
    private let rateLimiter: RateLimiter
    private let clock: any WallClock
    private let escalationMaxSteps: Int

    /// Creates the service keeping channels, quiet hours and escalation settings in `database`,
    /// sending a channel's test through `channelDelivery` (which also knows whether email is set up
    /// and holds the Web Push key), limiting tests with `rateLimiter`, and telling clients that an
    /// alert escalates `escalationMaxSteps` times at most.
    init(
        database: any DatabaseWriter, channelDelivery: ChannelDelivery, rateLimiter: RateLimiter, clock: any WallClock,
        escalationMaxSteps: Int
    ) {
        self.database = database
        self.channelDelivery = channelDelivery
        self.rateLimiter = rateLimiter
        self.clock = clock
        self.escalationMaxSteps = escalationMaxSteps
    }

    /// The key browsers subscribe to this server's pushes with (base64url).
    var webPushPublicKey: String { channelDelivery.webPushPublicKey }

    /// The caller's channels, oldest first.
    func channels(of caller: Caller) throws -> ChannelList {
        ChannelList(channels: try database.read { db in try ChannelStore(db: db).channels(of: caller.accountKey) })
    }

    /// Adds the channel `request` describes for the caller: 409 when this server cannot send on its
    /// kind (email without a mail relay), or when the caller already has `ChannelStore.maxChannelsPerAccount` channels.
    func addChannel(_ request: ChannelRequest, for caller: Caller) throws -> ChannelResource {
        let channelSettings = try request.validatedSettings()
        if let refusal = type(of: channelSettings.channel).refusal(on: channelDelivery.availability) { throw refusal }
        do {
            return try database.write { db in
                try ChannelStore(db: db).add(
                    channelSettings, label: request.label, alertTypes: request.alertTypes, for: caller.accountKey, at: clock.now())
            }
        } catch ChannelStoreError.tooManyChannels {
            throw HTTPError.conflict("An account may have at most \(ChannelStore.maxChannelsPerAccount) channels; remove one first.")
        }
    }

    /// Changes the label or alert types of the caller's channel `id`; 404 if it is not theirs.
    func updateChannel(_ id: String, of caller: Caller, with update: ChannelUpdate) throws -> ChannelResource {
        try update.validate()
        guard let channel = try database.write({ db in
            try ChannelStore(db: db).update(id, of: caller.accountKey, with: update, at: clock.now())
        }) else { throw HTTPError.notFound() }
        return channel
    }

    /// Removes the caller's channel `id` and gives up its pending deliveries; 404 if it is not theirs.
    func removeChannel(_ id: String, of caller: Caller) throws {
        guard try database.write({ db in try ChannelStore(db: db).remove(id, of: caller.accountKey, at: clock.now()) }) else {
            throw HTTPError.notFound()
        }
    }

    /// Sends a test message on the caller's channel `id` and waits for the service's answer, which
    /// is recorded on the channel; 404 if it is not theirs, 429 past `testNotificationsPerAccount`.
    func testChannel(_ id: String, of caller: Caller) throws -> ChannelTestResult {
        guard let target = try database.read({ db in try ChannelStore(db: db).target(id, of: caller.accountKey) }) else {
            throw HTTPError.notFound()
        }
        try rateLimiter.enforce(caller.accountID, under: .testNotificationsPerAccount)
        rateLimiter.recordFailure(caller.accountID, under: .testNotificationsPerAccount)
        let now = clock.now()
        let name = try database.read { db in try AccountStore(db: db).name(of: caller.accountKey) ?? "" }
        let notification = AlertNotification.test(for: AlertResource.AccountSummary(id: caller.accountID, name: name), at: now)
        let failure = channelDelivery.sendAndWait(notification, on: target.settings)?.description
        try database.write { db in try ChannelStore(db: db).recordResult(channel: target.key, error: failure, at: clock.now()) }
        return ChannelTestResult(delivered: failure == nil, error: failure)
    }

    /// The caller's quiet hours; 404 when none are set.
    func quietHours(of caller: Caller) throws -> QuietHours {
        guard let hours = try database.read({ db in try NotificationSettingsStore(db: db).quietHours(of: caller.accountKey) }) else {
            throw HTTPError.notFound("No quiet hours are set.")
        }
        return hours
    }

    /// Sets the caller's quiet hours to `hours` once they are valid.
    func setQuietHours(_ hours: QuietHours, of caller: Caller) throws -> QuietHours {
        try hours.validate()
        try database.write { db in try NotificationSettingsStore(db: db).setQuietHours(hours, of: caller.accountKey) }
        return hours
    }

    /// Clears the caller's quiet hours (done as well when there were none).
    func clearQuietHours(of caller: Caller) throws {
        try database.write { db in try NotificationSettingsStore(db: db).setQuietHours(nil, of: caller.accountKey) }
    }

    /// How the caller's unanswered alerts escalate: the order of guardians, the delays per type and
    /// the most steps.
    func escalation(of caller: Caller) throws -> EscalationResource {
        try database.read { db in
            let settings = NotificationSettingsStore(db: db)
            return EscalationResource(
                order: try settings.order(of: caller.accountKey),
                minutes: try settings.escalation(of: caller.accountKey).minutes,
                maxSteps: escalationMaxSteps)
        }
    }

    /// Sets the caller's order of guardians and, where `request` gives them, delays per type (the
    /// other types keep theirs); 400 for an order too long or naming a guardian twice, 404 for one
    /// naming someone who is not the caller's guardian. Answers the escalation as it now stands.
    func setEscalation(_ request: EscalationRequest, of caller: Caller) throws -> EscalationResource {
        let minutes = request.minutes.map(EscalationSettings.init(minutes:))
        try minutes?.validate()
        do {
            try database.write { db in
                let settings = NotificationSettingsStore(db: db)
                try settings.setOrder(request.order, of: caller.accountKey)
                if let minutes {
                    var merged = try settings.escalation(of: caller.accountKey)
                    for (type, value) in minutes.minutes { merged.minutes[type] = value }
                    try settings.setEscalation(merged, of: caller.accountKey)
                }
            }
        } catch let error as EscalationOrderError {
            switch error {
            case .tooLong:
                throw HTTPError.invalidRequest("order may name at most \(EscalationRequest.maxOrderCount) guardians.", field: "order")
            case .repeated:
                throw HTTPError.invalidRequest("order names a guardian twice.", field: "order")
            case .notAGuardian(let index):
                throw HTTPError.notFound("order[\(index)] is not one of your guardians.")
            }
        }
        return try escalation(of: caller)
    }
}
