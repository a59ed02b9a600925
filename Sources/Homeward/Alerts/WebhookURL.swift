/// An `http://host[:port]/path` webhook address, split for the socket client. `https` is refused:
/// the server links no TLS library (put a local relay in front of an https receiver).
public struct WebhookURL: Sendable, Equatable {
    /// Host name or IPv4 address (an IPv6 literal without its brackets).
    public var host: String
    /// TCP port, 80 unless given.
    public var port: Int
    /// Path and query, `/` at least.
    public var path: String

    /// Parses `text`; nil unless it is a well-formed http URL without user info or fragment.
    public init?(_ text: String) {
        guard text.count <= 2_000, text.lowercased().hasPrefix("http://") else { return nil }
        let rest = text.dropFirst("http://".count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var path = String(rest[authorityEnd...])
        if path.isEmpty || path.hasPrefix("?") { path = "/" + path }
        guard !authority.isEmpty, !authority.contains("@"), !path.contains("#"),
              !text.contains(where: { $0.isWhitespace || $0.asciiValue == nil }) else { return nil }
        var host = Substring(authority)
        var port = 80
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let parsed = Int(after.dropFirst()) else { return nil }
                port = parsed
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let parsed = Int(authority[authority.index(after: colon)...]) else { return nil }
            port = parsed
        }
        guard !host.isEmpty, (1...65_535).contains(port) else { return nil }
        self.host = String(host)
        self.port = port
        self.path = path
    }

    /// The `Host` header value.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? name : "\(name):\(port)"
    }
}
