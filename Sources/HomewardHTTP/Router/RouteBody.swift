/// How a route takes its request body.
public enum RouteBody: Sendable {
    /// Read whole before the handler runs, up to `HTTPServerConfiguration.maxBodyBytes` (the default).
    case buffered
    /// Handed to the handler as it arrives (`HTTPRequest.bodyStream`), up to `maxBytes` however
    /// large: for uploads that must not be held in memory. The handler runs as soon as the head has
    /// arrived, on the bulk lane unless the route names another.
    case streamed(maxBytes: Int)

    /// The most bytes a streamed body may have; nil for a buffered one.
    var streamedMaxBytes: Int? {
        if case .streamed(let maxBytes) = self { return maxBytes }
        return nil
    }
}
