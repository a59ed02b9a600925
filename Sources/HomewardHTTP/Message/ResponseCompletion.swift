/// How a handler that returned `HTTPResponse.deferred` hands over its response: call it exactly
/// once, from any thread. Errors become responses as if the handler had thrown them.
public struct ResponseCompletion: Sendable {
    private let deliver: @Sendable (Result<HTTPResponse, any Error>) -> Void

    /// A completion that passes the outcome to `deliver`.
    public init(_ deliver: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void) {
        self.deliver = deliver
    }

    /// Delivers the outcome: the response, or the error the handler would have thrown.
    public func callAsFunction(_ outcome: Result<HTTPResponse, any Error>) {
        deliver(outcome)
    }
}
