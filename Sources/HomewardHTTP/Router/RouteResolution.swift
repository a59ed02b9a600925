/// The router's answer for a method and path.
public enum RouteResolution: Sendable {
    /// A route matched, with its decoded path parameters.
    case matched(Route, parameters: [String: String])
    /// No route has this path, or the path is malformed: an error response.
    case failed(HTTPError, template: String)
}
