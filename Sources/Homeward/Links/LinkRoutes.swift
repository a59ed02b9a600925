import HomewardHTTP

/// Linking guardians to dependents (API.md): the dependent's verification code, making a link
/// with it, listing links and ending them from either side.
func registerLinkRoutes(on router: inout Router, app: HomewardApp) {
    let service = LinkService(app: app)

    router.put("/v1/me/verification-code") { context in
        let caller = try app.authenticator.authenticate(context)
        return .json(try service.setCode(of: caller, try context.decode(VerificationCodeRequest.self)))
    }
    router.delete("/v1/me/verification-code") { context in
        try service.deleteCode(of: try app.authenticator.authenticate(context))
        return HTTPResponse(status: .noContent)
    }
    router.get("/v1/me/verification-code/qr") { context in
        let caller = try app.authenticator.authenticate(context)
        guard let code = context.query["code"] else {
            throw HTTPError.invalidRequest("code is required: the verification code to draw.", field: "code")
        }
        let image = try service.linkingQRCode(of: caller, code: code, appAddress: app.configuration.absoluteBase(for: context))
        return HTTPResponse(
            headers: ["Content-Type": "image/svg+xml", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff"],
            bytes: Array(image.svg.utf8))
    }
    router.post("/v1/links") { context in
        let caller = try app.authenticator.authenticate(context)
        return .json(try service.link(caller, try context.decode(LinkRequest.self), from: context.origin.address), status: .created)
    }
    router.get("/v1/links") { context in
        .json(try service.links(of: try app.authenticator.authenticate(context)))
    }
    router.delete("/v1/links/{id}") { context in
        let caller = try app.authenticator.authenticate(context)
        let id = try context.parameter("id")
        let parties = try app.database.read { db in try app.accessPolicy.linkParties(id, visibleTo: caller, in: db) }
        try service.endLink(id, between: parties)
        return HTTPResponse(status: .noContent)
    }
}
