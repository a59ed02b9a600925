import HomewardHTTP

/// A group of routes whose callers prove who they are the same way: the group authenticates every
/// request before its handler runs and hands the handler the caller, so no handler authenticates by
/// hand and none can forget to (Hummingbird's route groups with an authenticator middleware are the
/// model). A request that fails authentication gets the authenticator's 401 and reaches no handler.
struct AuthenticatedRoutes: Sendable {
    /// A handler of the group: the request and its authenticated caller.
    typealias Handler = @Sendable (RequestContext, Caller) throws -> HTTPResponse

    private let authenticate: @Sendable (RequestContext) throws -> Caller

    /// Routes for a signed-in person: a bearer session token, or the web app's session cookie.
    static func session(_ authenticator: Authenticator) -> AuthenticatedRoutes {
        AuthenticatedRoutes { context in try authenticator.authenticate(context) }
    }

    /// Registers `handler` for `method` and `template` on `router`, behind this group's authentication.
    func on(
        _ method: HTTPMethod, _ template: String, execution: RouteExecution = .worker, on router: inout Router,
        handler: @escaping Handler
    ) {
        let authenticate = authenticate
        router.on(method, template, execution: execution) { context in try handler(context, try authenticate(context)) }
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
