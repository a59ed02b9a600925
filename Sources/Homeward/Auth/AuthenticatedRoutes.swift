import HomewardHTTP

/// A group of routes whose callers prove who they are the same way: the group authenticates every
/// request before its handler runs and hands the handler the caller, so no handler authenticates by
/// hand and none can forget to (Hummingbird's route groups with an authenticator middleware are the
/// model). A request that fails authentication gets the group's refusal (401 unless the kind says
/// otherwise) and reaches no handler. The composition root builds each kind once from the
/// `Authenticator` and hands every feature the groups it registers routes in; a route in no group
/// is public, and the test of the router's routes names each one.
struct AuthenticatedRoutes: Sendable {
    /// A handler of the group: the request and its authenticated caller.
    typealias Handler = @Sendable (RequestContext, Caller) throws -> HTTPResponse

    private let authenticate: @Sendable (RequestContext) throws -> Caller
    /// The caller of a request whose credentials are known without blocking, or nil: what lets a
    /// route of the group run on the I/O thread (`post(_:inlineWhen:on:handler:)`).
    private let rememberedCaller: @Sendable (HTTPHeaders) -> Caller?

    /// A group authenticating with `authenticate`; `rememberedCaller` may admit a request to the I/O
    /// thread without blocking (nil: never).
    init(
        authenticate: @escaping @Sendable (RequestContext) throws -> Caller,
        rememberedCaller: @escaping @Sendable (HTTPHeaders) -> Caller? = { _ in nil }
    ) {
        self.authenticate = authenticate
        self.rememberedCaller = rememberedCaller
    }

    /// Routes for a signed-in person: a bearer session token, or the web app's session cookie (with
    /// its CSRF header on a change).
    static func session(_ authenticator: Authenticator) -> AuthenticatedRoutes {
        AuthenticatedRoutes(
            authenticate: { context in try authenticator.authenticate(context) },
            rememberedCaller: { headers in authenticator.authenticateIfRemembered(headers) })
    }

    /// Routes for the web app's session cookie alone, with no CSRF header: what a reloaded page asks
    /// before it knows the CSRF token.
    static func sessionCookie(_ authenticator: Authenticator) -> AuthenticatedRoutes {
        AuthenticatedRoutes(authenticate: { context in
            guard let token = SessionCookie.token(in: context.request.headers) else { throw HTTPError.unauthorized() }
            return try authenticator.authenticate(token: token)
        })
    }

    /// Routes for tracking clients: HTTP Basic (phone and password, or a device key as the password),
    /// a bearer session token or device key, or a device key in `?token=` (`Authenticator.authenticateClient`).
    static func trackingClient(_ authenticator: Authenticator) -> AuthenticatedRoutes {
        AuthenticatedRoutes(authenticate: { context in try authenticator.authenticateClient(context) })
    }

    /// Registers `handler` for `method` and `template` on `router`, behind this group's authentication.
    func on(
        _ method: HTTPMethod, _ template: String, execution: RouteExecution = .worker, body: RouteBody = .buffered,
        on router: inout Router, handler: @escaping Handler
    ) {
        let authenticate = authenticate
        router.on(method, template, execution: execution, body: body) { context in try handler(context, try authenticate(context)) }
    }

    /// Registers a POST route that runs on the I/O thread when `mayRunInline` allows the request and
    /// its caller is known without blocking (a remembered session), otherwise on the worker pool.
    /// The handler gets the caller admitted on the I/O thread (`RequestContext.admission`), or the
    /// one the group authenticates on the worker: either way authenticated once.
    func post(
        _ template: String, inlineWhen mayRunInline: @escaping @Sendable (HTTPRequest) -> Bool, on router: inout Router,
        handler: @escaping Handler
    ) {
        let (authenticate, rememberedCaller) = (authenticate, rememberedCaller)
        let admit: @Sendable (HTTPRequest) -> (any Sendable)? = { request in
            mayRunInline(request) ? rememberedCaller(request.headers) : nil
        }
        router.post(template, execution: .inlineWhen(admit)) { context in
            try handler(context, try (context.admission as? Caller) ?? authenticate(context))
        }
    }

    /// Registers a GET route (which also serves HEAD).
    func get(_ template: String, execution: RouteExecution = .worker, on router: inout Router, handler: @escaping Handler) {
        on(.get, template, execution: execution, on: &router, handler: handler)
    }

    /// Registers a POST route.
    func post(_ template: String, execution: RouteExecution = .worker, on router: inout Router, handler: @escaping Handler) {
        on(.post, template, execution: execution, on: &router, handler: handler)
    }

    /// Registers a PUT route.
    func put(_ template: String, execution: RouteExecution = .worker, on router: inout Router, handler: @escaping Handler) {
        on(.put, template, execution: execution, on: &router, handler: handler)
    }

    /// Registers a PATCH route.
    func patch(_ template: String, execution: RouteExecution = .worker, on router: inout Router, handler: @escaping Handler) {
        on(.patch, template, execution: execution, on: &router, handler: handler)
    }

    /// Registers a DELETE route.
    func delete(_ template: String, execution: RouteExecution = .worker, on router: inout Router, handler: @escaping Handler) {
        on(.delete, template, execution: execution, on: &router, handler: handler)
    }
}
