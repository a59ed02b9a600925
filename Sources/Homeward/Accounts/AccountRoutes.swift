import Dispatch
import HomewardHTTP

/// Accounts and sessions (API.md): registration, login and logout, the caller's account, profile,
/// picture, password and sessions, and the pictures of the accounts the caller may see.
func registerAccountRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: AccountRoutesDependencies) {
    let service = services.accounts

    router.post("/v1/accounts", execution: .lane(.bulk)) { context in
        let account = try service.register(try context.decode(RegistrationRequest.self))
        return .json(account, status: .created)
    }
    router.post("/v1/sessions", execution: .lane(.bulk)) { context in
        let request = try context.decode(LoginRequest.self)
        // Past the phone's ceiling of failures every answer waits, right password or not; the wait
        // holds a timer, not a worker.
        guard let wait = service.loginSlowdown(for: request) else {
            return .json(try service.logIn(request, from: context.origin.address), status: .created)
        }
        let outcome: Result<HTTPResponse, any Error>
        do {
            outcome = .success(.json(try service.logIn(request, from: context.origin.address), status: .created))
        } catch {
            outcome = .failure(error)
        }
        return .deferred { completion in
            DispatchQueue.global().asyncAfter(deadline: .now() + wait) { completion(outcome) }
        }
    }
    router.post("/v1/password-reset", execution: .lane(.bulk)) { context in
        try service.resetPassword(try context.decode(PasswordResetRequest.self))
        return HTTPResponse(status: .noContent)
    }
    router.post("/v1/password-reset/email", execution: .lane(.bulk)) { context in
        try services.passwordResetMail.send(
            try context.decode(PasswordResetMailRequest.self), from: context.origin.address,
            base: services.addresses.absoluteBase(for: context))
        return HTTPResponse(status: .accepted)
    }
    signedIn.delete("/v1/sessions/current", on: &router) { context, caller in
        if let session = caller.sessionID { try service.endSession(session, of: caller) }
        return HTTPResponse(status: .noContent)
    }

    signedIn.get("/v1/me", on: &router) { context, caller in
        .json(try service.account(of: caller))
    }
    signedIn.patch("/v1/me", on: &router) { context, caller in
        return .json(try service.update(caller, with: try context.decode(AccountUpdateRequest.self)))
    }
    signedIn.delete("/v1/me", execution: .lane(.bulk), on: &router) { context, caller in
        try service.deleteAccount(of: caller, try context.decode(AccountDeletionRequest.self), from: context.origin.address)
        return HTTPResponse(status: .noContent)
    }
    signedIn.put("/v1/me/password", execution: .lane(.bulk), on: &router) { context, caller in
        try service.changePassword(of: caller, try context.decode(PasswordChangeRequest.self), from: context.origin.address)
        return HTTPResponse(status: .noContent)
    }

    signedIn.put("/v1/me/avatar", on: &router) { context, caller in
        try service.setAvatar(of: caller, to: context.request.body)
        return HTTPResponse(status: .noContent)
    }
    signedIn.delete("/v1/me/avatar", on: &router) { context, caller in
        try service.removeAvatar(of: caller)
        return HTTPResponse(status: .noContent)
    }
    signedIn.get("/v1/accounts/{id}/avatar", on: &router) { context, caller in
        let avatar = try service.avatar(of: try context.parameter("id"), to: caller)
        return avatar.response(ifNoneMatch: context.request.headers["If-None-Match"])
    }

    signedIn.get("/v1/me/sessions", on: &router) { context, caller in
        .json(try service.sessions(of: caller))
    }
    signedIn.delete("/v1/me/sessions/{id}", on: &router) { context, caller in
        try service.endOwnSession(try context.parameter("id"), of: caller)
        return HTTPResponse(status: .noContent)
    }
}
