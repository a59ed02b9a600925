import HomewardHTTP

/// How alerts reach a guardian besides the webhook and event streams: their channels (GET, POST
/// /v1/me/channels; PATCH, DELETE /v1/me/channels/{id}; POST /v1/me/channels/{id}/test), their
/// quiet hours (GET, PUT, DELETE /v1/me/quiet-hours), and, for the person watched, how unanswered
/// alerts escalate (GET, PUT /v1/me/escalation); and the key browsers subscribe to pushes with
/// (GET /v1/push/vapid-public-key).
func registerNotifyRoutes(on router: inout Router, app: HomewardApp) {
    let signedIn = AuthenticatedRoutes.session(app.authenticator)
    let channels = ChannelStore()
    let settings = NotificationSettingsStore()

    signedIn.get("/v1/me/channels", on: &router) { _, caller in
        .json(ChannelList(channels: try app.database.read { db in try channels.channels(of: caller.accountKey, in: db) }))
    }
    signedIn.post("/v1/me/channels", on: &router) { context, caller in
        let request = try context.decode(ChannelRequest.self)
        let channelSettings = try request.validatedSettings()
        if channelSettings.kind == .email, !app.channelDelivery.sendsEmail {
            throw HTTPError.conflict("This server sends no email: its administrator has not set --smtp-url.")
        }
        let channel = try app.database.write { db in
            try channels.add(
                channelSettings, label: request.label, alertTypes: request.alertTypes, for: caller.accountKey, at: app.clock.now(), in: db)
        }
        return .json(channel, status: .created)
    }
    signedIn.patch("/v1/me/channels/{id}", on: &router) { context, caller in
        let update = try context.decode(ChannelUpdate.self)
        try update.validate()
        let id = try context.parameter("id")
        guard let channel = try app.database.write({ db in
            try channels.update(id, of: caller.accountKey, with: update, at: app.clock.now(), in: db)
        }) else { throw HTTPError.notFound() }
        return .json(channel)
    }
    signedIn.delete("/v1/me/channels/{id}", on: &router) { context, caller in
        let id = try context.parameter("id")
        guard try app.database.write({ db in try channels.remove(id, of: caller.accountKey, at: app.clock.now(), in: db) }) else {
            throw HTTPError.notFound()
        }
        return HTTPResponse(status: .noContent)
    }
    // The test waits for a service that may be slow: the bulk lane takes that wait, not the writers'.
    signedIn.post("/v1/me/channels/{id}/test", execution: .lane(.bulk), on: &router) { context, caller in
        let id = try context.parameter("id")
        guard let target = try app.database.read({ db in try channels.target(id, of: caller.accountKey, in: db) }) else {
            throw HTTPError.notFound()
        }
        try app.rateLimiter.enforce(caller.accountID, under: .testNotificationsPerAccount)
        app.rateLimiter.recordFailure(caller.accountID, under: .testNotificationsPerAccount)
        let now = app.clock.now()
        let name: String = try app.database.read { db in
            try db.fetchOne("SELECT name FROM accounts WHERE key = ?", [caller.accountKey]) ?? ""
        }
        let notification = AlertNotification.test(for: AlertResource.AccountSummary(id: caller.accountID, name: name), at: now)
        let failure = app.channelDelivery.sendAndWait(notification, on: target.settings)?.description
        try app.database.write { db in try channels.recordResult(channel: target.key, error: failure, at: app.clock.now(), in: db) }
        return .json(ChannelTestResult(delivered: failure == nil, error: failure))
    }

    signedIn.get("/v1/push/vapid-public-key", on: &router) { _, _ in
        .json(["publicKey": app.channelDelivery.webPushPublicKey])
    }

    signedIn.get("/v1/me/quiet-hours", on: &router) { _, caller in
        guard let hours = try app.database.read({ db in try settings.quietHours(of: caller.accountKey, in: db) }) else {
            throw HTTPError.notFound("No quiet hours are set.")
        }
        return .json(hours)
    }
    signedIn.put("/v1/me/quiet-hours", on: &router) { context, caller in
        let hours = try context.decode(QuietHours.self)
        try hours.validate()
        try app.database.write { db in try settings.setQuietHours(hours, of: caller.accountKey, in: db) }
        return .json(hours)
    }
    signedIn.delete("/v1/me/quiet-hours", on: &router) { _, caller in
        try app.database.write { db in try settings.setQuietHours(nil, of: caller.accountKey, in: db) }
        return HTTPResponse(status: .noContent)
    }

    @Sendable func escalation(of caller: Caller) throws -> EscalationResource {
        try app.database.read { db in
            EscalationResource(
                order: try settings.order(of: caller.accountKey, in: db),
                minutes: try settings.escalation(of: caller.accountKey, in: db).minutes,
                maxSteps: app.configuration.escalationMaxSteps)
        }
    }
    signedIn.get("/v1/me/escalation", on: &router) { _, caller in .json(try escalation(of: caller)) }
    signedIn.put("/v1/me/escalation", on: &router) { context, caller in
        let request = try context.decode(EscalationRequest.self)
        let minutes = request.minutes.map(EscalationSettings.init(minutes:))
        try minutes?.validate()
        try app.database.write { db in
            try settings.setOrder(request.order, of: caller.accountKey, in: db)
            if let minutes {
                var merged = try settings.escalation(of: caller.accountKey, in: db)
                for (type, value) in minutes.minutes { merged.minutes[type] = value }
                try settings.setEscalation(merged, of: caller.accountKey, in: db)
            }
        }
        return .json(try escalation(of: caller))
    }
}
