import HomewardHTTP

/// Linking guardians to dependents (API.md): the dependent's verification code, making a link
/// with it, listing links and ending them from either side.
func registerLinkRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: LinkRoutesDependencies) {
    let service = services.links

    signedIn.put("/v1/me/verification-code", on: &router) { context, caller in
        return .json(try service.setCode(of: caller, try context.decode(VerificationCodeRequest.self)))
    }
    signedIn.get("/v1/me/verification-code", on: &router) { context, caller in
        var response = HTTPResponse.json(try service.codeState(of: caller, code: context.query["code"]))
        response.headers.add(name: "Cache-Control", value: "private, no-store")
        return response
    }
    signedIn.delete("/v1/me/verification-code", on: &router) { context, caller in
        try service.deleteCode(of: caller)
        return HTTPResponse(status: .noContent)
    }
    signedIn.get("/v1/me/verification-code/qr", on: &router) { context, caller in
        guard let code = context.query["code"] else {
            throw HTTPError.invalidRequest("code is required: the verification code to draw.", field: "code")
        }
        let image = try service.linkingQRCode(of: caller, code: code, appAddress: services.addresses.absoluteBase(for: context))
        return HTTPResponse(
            headers: ["Content-Type": "image/svg+xml", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff"],
            bytes: Array(image.svg.utf8))
    }
    signedIn.post("/v1/links", on: &router) { context, caller in
        return .json(try service.link(caller, try context.decode(LinkRequest.self), from: context.origin.address), status: .created)
    }
    signedIn.get("/v1/links", on: &router) { context, caller in
        .json(try service.links(of: caller))
    }
    signedIn.delete("/v1/links/{id}", on: &router) { context, caller in
        try service.endLink(try context.parameter("id"), by: caller)
        return HTTPResponse(status: .noContent)
    }
}
