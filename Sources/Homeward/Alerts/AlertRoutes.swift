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
        if let account = marked.account { services.zoneObserver.settingsChanged(of: account) }
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
    let webhooks = services.webhooks
    signedIn.put("/v1/me/webhook", on: &router) { context, caller in
        .json(try webhooks.set(try context.decode(WebhookRequest.self), for: caller))
    }
    signedIn.get("/v1/me/webhook", on: &router) { context, caller in
        .json(try webhooks.webhook(of: caller))
    }
    // The test waits for a receiver that may be slow: the bulk lane takes that wait, not the writers'.
    signedIn.post("/v1/me/webhook/test", execution: .lane(.bulk), on: &router) { context, caller in
        .json(try webhooks.test(for: caller))
    }
    signedIn.delete("/v1/me/webhook", on: &router) { context, caller in
        try webhooks.remove(for: caller)
        return HTTPResponse(status: .noContent)
    }
}
