/// A registered route: its template, execution and handler.
public struct Route: Sendable {
    /// The handler signature.
    public typealias Handler = @Sendable (RequestContext) throws -> HTTPResponse

    /// The path template, e.g. `/v1/accounts/{id}/locations`; used in logs and metrics.
    public let template: String
    /// Where the handler runs.
    public let execution: RouteExecution
    /// Whether the body is buffered before the handler runs or streamed to it.
    public let body: RouteBody
    /// The handler.
    public let handler: Handler
}
