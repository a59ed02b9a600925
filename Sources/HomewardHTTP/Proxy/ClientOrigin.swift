/// Who sent a request and how it reached the server: the client's address and the scheme it used,
/// as the socket says, or as a trusted reverse proxy relays them.
public struct ClientOrigin: Sendable, Equatable {
    /// The client's IP address without a port (the key of per-address rate limits).
    public let address: String
    /// `https` when a trusted proxy says the client used TLS, otherwise `http`.
    public let scheme: String

    /// An origin of `address` over `scheme`.
    public init(address: String, scheme: String) {
        self.address = address
        self.scheme = scheme
    }

    /// The origin of a request straight from the socket peer `peer` (`192.0.2.1:5300`,
    /// `[2001:db8::1]:5300`): its host over http. String work only: every request asks.
    public static func direct(peer: String) -> ClientOrigin {
        var host = Substring(peer)
        if host.hasPrefix("["), let end = host.firstIndex(of: "]") {
            host = host[host.index(after: host.startIndex)..<end]
        } else if let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon {
            host = host[..<colon]
        }
        return ClientOrigin(address: String(host), scheme: "http")
    }

    /// Whether the client reached the proxy over TLS: links should say https, cookies may be Secure.
    public var isSecure: Bool { scheme == "https" }
}
