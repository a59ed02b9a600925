import HomewardHTTP

/// The web app's session in a cookie (`SessionCookie`): log in, ask for the CSRF token after a
/// reload, log out. Everything else the app does goes through the JSON API, authenticated by the
/// same `Authenticator` that checks bearer tokens.
func registerWebSessionRoutes(
    on router: inout Router, signedIn: AuthenticatedRoutes, sessionCookie: AuthenticatedRoutes,
    _ services: WebSessionRoutesDependencies
) {
    let service = services.accounts
    let lifetimeSeconds = services.sessionLifetimeSeconds

    router.post("/v1/web/session", execution: .lane(.bulk)) { context in
        let request = try context.decode(LoginRequest.self)
        let login = try service.logIn(
            LoginRequest(phone: request.phone, password: request.password, deviceName: request.deviceName ?? "Web browser", country: request.country),
            from: context.origin.address)
        let body = WebSessionResource(csrfToken: SessionCookie.csrfToken(forSessionToken: login.token), account: login.account)
        var response = HTTPResponse.json(body, status: .created)
        response.headers.add(name: "Set-Cookie", value: SessionCookie.setting(
            login.token, maxAgeSeconds: lifetimeSeconds, secure: context.origin.isSecure))
        response.headers.add(name: "Cache-Control", value: "no-store")
        return response
    }
    sessionCookie.get("/v1/web/session", on: &router) { context, caller in
        guard let token = SessionCookie.token(in: context.request.headers) else { throw HTTPError.unauthorized() }
        var response = HTTPResponse.json(WebSessionResource(
            csrfToken: SessionCookie.csrfToken(forSessionToken: token), account: try service.account(of: caller)))
        response.headers.add(name: "Cache-Control", value: "no-store")
        return response
    }
    signedIn.delete("/v1/web/session", on: &router) { context, caller in
        if let session = caller.sessionID { try service.endSession(session, of: caller) }
        return HTTPResponse(status: .noContent, headers: ["Set-Cookie": SessionCookie.clearing(secure: context.origin.isSecure)])
    }
}
