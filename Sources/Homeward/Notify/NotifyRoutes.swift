import HomewardHTTP

/// How alerts reach a guardian besides the webhook and event streams: their channels (GET, POST
/// /v1/me/channels; PATCH, DELETE /v1/me/channels/{id}; POST /v1/me/channels/{id}/test), their
/// quiet hours (GET, PUT, DELETE /v1/me/quiet-hours), and, for the person watched, how unanswered
/// alerts escalate (GET, PUT /v1/me/escalation); and the key browsers subscribe to pushes with
/// (GET /v1/push/vapid-public-key). Each route decodes, calls one `NotifyService` method and encodes.
func registerNotifyRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, notify: NotifyService) {
    signedIn.get("/v1/me/channels", on: &router) { _, caller in
        .json(try notify.channels(of: caller))
    }
    signedIn.post("/v1/me/channels", on: &router) { context, caller in
        .json(try notify.addChannel(try context.decode(ChannelRequest.self), for: caller), status: .created)
    }
    signedIn.patch("/v1/me/channels/{id}", on: &router) { context, caller in
        let update = try context.decode(ChannelUpdate.self)
        return .json(try notify.updateChannel(try context.parameter("id"), of: caller, with: update))
    }
    signedIn.delete("/v1/me/channels/{id}", on: &router) { context, caller in
        try notify.removeChannel(try context.parameter("id"), of: caller)
        return HTTPResponse(status: .noContent)
    }
    // The test waits for a service that may be slow: the bulk lane takes that wait, not the writers'.
    signedIn.post("/v1/me/channels/{id}/test", execution: .lane(.bulk), on: &router) { context, caller in
        .json(try notify.testChannel(try context.parameter("id"), of: caller))
    }

    signedIn.get("/v1/push/vapid-public-key", on: &router) { _, _ in
        .json(["publicKey": notify.webPushPublicKey])
    }

    signedIn.get("/v1/me/quiet-hours", on: &router) { _, caller in
        .json(try notify.quietHours(of: caller))
    }
    signedIn.put("/v1/me/quiet-hours", on: &router) { context, caller in
        .json(try notify.setQuietHours(try context.decode(QuietHours.self), of: caller))
    }
    signedIn.delete("/v1/me/quiet-hours", on: &router) { _, caller in
        try notify.clearQuietHours(of: caller)
        return HTTPResponse(status: .noContent)
    }

    signedIn.get("/v1/me/escalation", on: &router) { _, caller in
        .json(try notify.escalation(of: caller))
    }
    signedIn.put("/v1/me/escalation", on: &router) { context, caller in
        .json(try notify.setEscalation(try context.decode(EscalationRequest.self), of: caller))
    }
}
