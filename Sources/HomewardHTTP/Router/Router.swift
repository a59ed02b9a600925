/// Routes requests by method and path template (`/v1/accounts/{id}/locations`) through a segment
/// trie. Built once before the server starts; a value type, so it is immutable while serving.
public struct Router: Sendable {
    private var root = RouteNode()

    /// Creates an empty router.
    public init() {}

    /// Registers `handler` for `method` and `template`; `{name}` segments are parameters.
    public mutating func on(
        _ method: HTTPMethod,
        _ template: String,
        execution: RouteExecution = .worker,
        body: RouteBody = .buffered,
        handler: @escaping Route.Handler
    ) {
        precondition(template.hasPrefix("/"), "A route template starts with /: \(template)")
        let route = Route(template: template, execution: execution, body: body, handler: handler)
        root.insert(Self.templateSegments(template), method: method, route: route)
        if body.streamedMaxBytes != nil { hasStreamedRoutes = true }
    }

    /// Registers a GET route (which also serves HEAD).
    public mutating func get(_ template: String, execution: RouteExecution = .worker, handler: @escaping Route.Handler) {
        on(.get, template, execution: execution, handler: handler)
    }

    /// Registers a POST route.
    public mutating func post(_ template: String, execution: RouteExecution = .worker, handler: @escaping Route.Handler) {
        on(.post, template, execution: execution, handler: handler)
    }

    /// Registers a PUT route.
    public mutating func put(_ template: String, execution: RouteExecution = .worker, handler: @escaping Route.Handler) {
        on(.put, template, execution: execution, handler: handler)
    }

    /// Registers a PATCH route.
    public mutating func patch(_ template: String, execution: RouteExecution = .worker, handler: @escaping Route.Handler) {
        on(.patch, template, execution: execution, handler: handler)
    }

    /// Registers a DELETE route.
    public mutating func delete(_ template: String, execution: RouteExecution = .worker, handler: @escaping Route.Handler) {
        on(.delete, template, execution: execution, handler: handler)
    }

    /// The most bytes the body of `request` may have when its route takes it streamed; nil when the
    /// body is buffered (or no route matches).
    public func streamedBodyLimit(of request: HTTPRequest) -> Int? {
        guard hasStreamedRoutes, case .matched(let route, _) = resolve(request.method, path: request.path) else { return nil }
        return route.body.streamedMaxBytes
    }

    /// Whether any route takes its body streamed (if none does, no request needs a second lookup).
    private var hasStreamedRoutes = false

    /// Every registered route as (method, template), sorted by template then method: what an API
    /// description must cover.
    public var registeredRoutes: [(method: HTTPMethod, template: String)] {
        root.allRoutes.sorted { ($0.template, $0.method.rawValue) < ($1.template, $1.method.rawValue) }
    }

    /// Finds the route for `method` and the (still percent-encoded) `path`: 404 for an unknown path,
    /// 405 with `Allow` when the path exists with other methods, 400 for a malformed escape.
    public func resolve(_ method: HTTPMethod, path: String) -> RouteResolution {
        guard path.hasPrefix("/") else {
            return .failed(.notFound(), template: "unmatched")
        }
        var segments: [String] = []
        for raw in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst() {
            guard let decoded = PercentDecoding.decode(Substring(raw), plusIsSpace: false) else {
                return .failed(.invalidRequest("The path contains a malformed percent-escape."), template: "unmatched")
            }
            segments.append(decoded)
        }
        if segments == [""] { segments = [] }
        var parameters: [String: String] = [:]
        guard let node = root.find(segments[...], parameters: &parameters) else {
            return .failed(.notFound(), template: "unmatched")
        }
        if let route = node.routes[method] ?? (method == .head ? node.routes[.get] : nil) {
            return .matched(route, parameters: parameters)
        }
        var allowed = Set(node.routes.keys)
        if allowed.contains(.get) { allowed.insert(.head) }
        let template = node.routes.values.first?.template ?? "unmatched"
        return .failed(.methodNotAllowed(allowed: allowed.sorted { $0.rawValue < $1.rawValue }), template: template)
    }

    private static func templateSegments(_ template: String) -> ArraySlice<Substring> {
        let segments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        return segments.count == 1 && segments.first == "" ? [] : segments
    }
}
