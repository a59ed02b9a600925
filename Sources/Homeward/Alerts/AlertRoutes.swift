import HomewardHTTP

/// The alert endpoints (POST /v1/alerts, countdowns, cancel, acknowledge, GET /v1/alerts, an alert's
/// deliveries) and the
/// guardian's webhook (PUT, GET, DELETE /v1/me/webhook, POST /v1/me/webhook/test).
func registerAlertRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: AlertRoutesDependencies) {
    let service = services.alerts
    signedIn.post("/v1/alerts", execution: .lane(.urgent), on: &router) { context, caller in
        return .json(try service.raiseSOS(try context.decode(SOSRequest.self), by: caller), status: .created)
    }
    signedIn.post("/v1/alerts/countdown", execution: .lane(.urgent), on: &router) { context, caller in
        let request = context.request.body.isEmpty ? CountdownRequest() : try context.decode(CountdownRequest.self)
        return .json(try service.startCountdown(request, by: caller), status: .created)
    }
    signedIn.post("/v1/alerts/{id}/cancel", execution: .lane(.urgent), on: &router) { context, caller in
        return .json(try service.cancel(try context.parameter("id"), by: caller))
    }
    signedIn.post("/v1/alerts/{id}/acknowledge", execution: .lane(.urgent), on: &router) { context, caller in
        return .json(try service.acknowledge(try context.parameter("id"), by: caller))
    }
    signedIn.post("/v1/alerts/{id}/false-alarm", on: &router) { context, caller in
        let marked = try service.markFalseAlarm(try context.parameter("id"), by: caller)
        // Rebuilt with the tuned thresholds on the next fix (keeping the routine learned so far).
        if let account = marked.account { services.zoneObserver.invalidate(account) }
        return .json(marked.alert)
    }
    signedIn.get("/v1/alerts/{id}/deliveries", on: &router) { context, caller in
        return .json(try service.deliveries(of: try context.parameter("id"), by: caller))
    }
    signedIn.get("/v1/alerts", on: &router) { context, caller in
        let query = context.query
        var statuses: [AlertStatus] = []
        for name in (query["status"] ?? "").split(separator: ",") {
            if name == "active" {
                statuses += AlertStatus.active
            } else if let status = AlertStatus(rawValue: String(name)) {
                statuses.append(status)
            } else {
                throw HTTPError.invalidRequest(
                    "status must be active, pending, open, acknowledged, resolved or cancelled.", field: "status")
            }
        }
        let since = try query.time("since")
        let limit = try query.limit(default: AlertStore.defaultPageSize, maximum: AlertStore.maxPageSize)
        return .json(try service.list(for: caller, statuses: statuses, since: since, cursor: query["cursor"], limit: limit))
    }
    signedIn.put("/v1/me/webhook", on: &router) { context, caller in
        let request = try context.decode(WebhookRequest.self)
        try request.validate()
        let webhook = try services.database.write { db in
            try WebhookStore(db: db).set(request, for: caller.accountKey, at: services.clock.now())
        }
        return .json(webhook)
    }
    signedIn.get("/v1/me/webhook", on: &router) { context, caller in
        guard let webhook = try services.database.read({ db in try WebhookStore(db: db).webhook(of: caller.accountKey) }) else {
            throw HTTPError.notFound("No webhook is set.")
        }
        return .json(webhook)
    }
    // The test waits for a receiver that may be slow: the bulk lane takes that wait, not the writers'.
    signedIn.post("/v1/me/webhook/test", execution: .lane(.bulk), on: &router) { context, caller in
        try services.rateLimiter.enforce(caller.accountID, under: .testNotificationsPerAccount)
        guard let target = try services.database.read({ db in try WebhookStore(db: db).target(of: caller.accountKey) }),
              let url = OutgoingURL(target.url) else {
            throw HTTPError.notFound("No webhook is set.")
        }
        services.rateLimiter.recordFailure(caller.accountID, under: .testNotificationsPerAccount)
        let request = WebhookSignedRequest.make(
            url: url, secret: target.secret, event: "test", idempotencyKey: "test:\(SecureRandom.identifier())",
            body: try JSONBytes.encode(WebhookTestPayload()))
        return .json(WebhookTestResult(services.outgoingClient.perform(request)))
    }
    signedIn.delete("/v1/me/webhook", on: &router) { context, caller in
        let removed = try services.database.write { db in try WebhookStore(db: db).remove(of: caller.accountKey, at: services.clock.now()) }
        guard removed else { throw HTTPError.notFound("No webhook is set.") }
        return HTTPResponse(status: .noContent)
    }
}
