/// The protocol version of a request: 1.0 or 1.1 (higher 1.x minors are treated as 1.1).
public enum HTTPVersion: Sendable, Hashable {
    /// HTTP/1.0: close after each response unless keep-alive is asked for; no chunked coding.
    case http1_0
    /// HTTP/1.1.
    case http1_1

    /// The spelling on the status line.
    var statusLinePrefix: String {
        switch self {
        case .http1_0: "HTTP/1.0 "
        case .http1_1: "HTTP/1.1 "
        }
    }
}
