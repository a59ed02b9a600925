import HomewardHTTP

/// How alerts reach a guardian besides the webhook and event streams: their channels (GET, POST
/// /v1/me/channels; PATCH, DELETE /v1/me/channels/{id}; POST /v1/me/channels/{id}/test), their
/// quiet hours (GET, PUT, DELETE /v1/me/quiet-hours), and, for the person watched, how unanswered
/// alerts escalate (GET, PUT /v1/me/escalation); and the key browsers subscribe to pushes with
/// (GET /v1/push/vapid-public-key).
func registerNotifyRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: NotifyRoutesDependencies) {

    signedIn.get("/v1/me/channels", on: &router) { _, caller in
        .json(ChannelList(channels: try services.database.read { db in try ChannelStore(db: db).channels(of: caller.accountKey) }))
    }
    signedIn.post("/v1/me/channels", on: &router) { context, caller in
        let request = try context.decode(ChannelRequest.self)
        let channelSettings = try request.validatedSettings()
        if channelSettings.kind == .email, !services.channelDelivery.sendsEmail {
            throw HTTPError.conflict("This server cannot send email yet: ask whoever runs it to set up email.")
                .hinting("Start the server with --smtp-url (HOMEWARD_SMTP_URL).")
        }
        let channel: ChannelResource
        do {
            channel = try services.database.write { db in
                try ChannelStore(db: db).add(
                    channelSettings, label: request.label, alertTypes: request.alertTypes, for: caller.accountKey, at: services.clock.now())
            }
        } catch ChannelStoreError.tooManyChannels {
            throw HTTPError.conflict("An account may have at most \(ChannelStore.maxChannelsPerAccount) channels; remove one first.")
        }
        return .json(channel, status: .created)
    }
    signedIn.patch("/v1/me/channels/{id}", on: &router) { context, caller in
        let update = try context.decode(ChannelUpdate.self)
        try update.validate()
        let id = try context.parameter("id")
        guard let channel = try services.database.write({ db in
            try ChannelStore(db: db).update(id, of: caller.accountKey, with: update, at: services.clock.now())
        }) else { throw HTTPError.notFound() }
        return .json(channel)
    }
    signedIn.delete("/v1/me/channels/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        guard try services.database.write({ db in try ChannelStore(db: db).remove(id, of: caller.accountKey, at: services.clock.now()) }) else {
            throw HTTPError.notFound()
        }
        return HTTPResponse(status: .noContent)
    }
    // The test waits for a service that may be slow: the bulk lane takes that wait, not the writers'.
    signedIn.post("/v1/me/channels/{id}/test", execution: .lane(.bulk), on: &router) { context, caller in
        let id = try context.parameter("id")
        guard let target = try services.database.read({ db in try ChannelStore(db: db).target(id, of: caller.accountKey) }) else {
            throw HTTPError.notFound()
        }
        try services.rateLimiter.enforce(caller.accountID, under: .testNotificationsPerAccount)
        services.rateLimiter.recordFailure(caller.accountID, under: .testNotificationsPerAccount)
        let now = services.clock.now()
        let name = try services.database.read { db in try AccountStore(db: db).name(of: caller.accountKey) ?? "" }
        let notification = AlertNotification.test(for: AlertResource.AccountSummary(id: caller.accountID, name: name), at: now)
        let failure = services.channelDelivery.sendAndWait(notification, on: target.settings)?.description
        try services.database.write { db in try ChannelStore(db: db).recordResult(channel: target.key, error: failure, at: services.clock.now()) }
        return .json(ChannelTestResult(delivered: failure == nil, error: failure))
    }

    signedIn.get("/v1/push/vapid-public-key", on: &router) { _, _ in
        .json(["publicKey": services.channelDelivery.webPushPublicKey])
    }

    signedIn.get("/v1/me/quiet-hours", on: &router) { _, caller in
        guard let hours = try services.database.read({ db in try NotificationSettingsStore(db: db).quietHours(of: caller.accountKey) }) else {
            throw HTTPError.notFound("No quiet hours are set.")
        }
        return .json(hours)
    }
    signedIn.put("/v1/me/quiet-hours", on: &router) { context, caller in
        let hours = try context.decode(QuietHours.self)
        try hours.validate()
        try services.database.write { db in try NotificationSettingsStore(db: db).setQuietHours(hours, of: caller.accountKey) }
        return .json(hours)
    }
    signedIn.delete("/v1/me/quiet-hours", on: &router) { _, caller in
        try services.database.write { db in try NotificationSettingsStore(db: db).setQuietHours(nil, of: caller.accountKey) }
        return HTTPResponse(status: .noContent)
    }

    @Sendable func escalation(of caller: Caller) throws -> EscalationResource {
        try services.database.read { db in
            let settings = NotificationSettingsStore(db: db)
            return EscalationResource(
                order: try settings.order(of: caller.accountKey),
                minutes: try settings.escalation(of: caller.accountKey).minutes,
                maxSteps: services.escalationMaxSteps)
        }
    }
    signedIn.get("/v1/me/escalation", on: &router) { _, caller in .json(try escalation(of: caller)) }
    signedIn.put("/v1/me/escalation", on: &router) { context, caller in
        let request = try context.decode(EscalationRequest.self)
        let minutes = request.minutes.map(EscalationSettings.init(minutes:))
        try minutes?.validate()
        do {
            try services.database.write { db in
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
        return .json(try escalation(of: caller))
    }
}
