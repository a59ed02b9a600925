/// The reverse proxies whose forwarding headers are believed (`--trusted-proxies`). From any other
/// peer `X-Forwarded-For`, `Forwarded` and `X-Forwarded-Proto` are ignored, since any client can
/// send them. From a trusted peer, the client is the right-most address of the forwarding chain
/// that is not itself a trusted proxy: the addresses to its left were written by the client and
/// prove nothing.
public struct TrustedProxies: Sendable, Equatable {
    /// The trusted blocks; empty trusts no one (the default).
    public let ranges: [IPAddressRange]

    /// Trusts the peers in `ranges`.
    public init(_ ranges: [IPAddressRange] = []) {
        self.ranges = ranges
    }

    /// The blocks of a comma-separated list (`127.0.0.1,10.0.0.0/8`); nil when an entry is no
    /// address or CIDR block. An empty list trusts no one.
    public init?(parsing list: String) {
        var ranges: [IPAddressRange] = []
        for entry in list.split(separator: ",") {
            let trimmed = entry.trimmingSpaces()
            guard !trimmed.isEmpty else { continue }
            guard let range = IPAddressRange(trimmed) else { return nil }
            ranges.append(range)
        }
        self.ranges = ranges
    }

    /// Whether `address` is one of the trusted proxies.
    public func trusts(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The origin of `request`, which arrived from the socket peer `peer` (`address:port`).
    public func origin(of request: HTTPRequest, peer: String) -> ClientOrigin {
        guard !ranges.isEmpty, let peerAddress = IPAddress(peer: peer), trusts(peerAddress) else {
            return .direct(peer: peer)
        }
        let forwarded = request.headers.values(for: "Forwarded")
        let chain: [Substring]
        let protocols: [Substring]
        if !forwarded.isEmpty {
            let elements = forwarded.flatMap { Self.forwardedElements($0) }
            chain = elements.compactMap { $0["for"] }
            protocols = elements.compactMap { $0["proto"] }
        } else {
            chain = request.headers.values(for: "X-Forwarded-For").flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces() }
            protocols = request.headers.values(for: "X-Forwarded-Proto").flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces() }
        }
        var client = peerAddress
        for hop in chain.reversed() {
            guard let address = IPAddress(peer: String(hop)) else { break }
            client = address
            if !trusts(address) { break }
        }
        let scheme = protocols.last.map { $0.lowercased() == "https" ? "https" : "http" } ?? "http"
        return ClientOrigin(address: client.description, scheme: scheme)
    }

    /// The elements of an RFC 7239 `Forwarded` value, each a map of lower-cased parameter names to
    /// values with their quotes removed: `for=192.0.2.60;proto=https, for=198.51.100.17`.
    static func forwardedElements(_ value: String) -> [[String: Substring]] {
        var elements: [[String: Substring]] = []
        for element in value.split(separator: ",") {
            var parameters: [String: Substring] = [:]
            for pair in element.split(separator: ";") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let name = pair[..<equals].trimmingSpaces().lowercased()
                var text = pair[pair.index(after: equals)...].trimmingSpaces()
                if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = text.dropFirst().dropLast() }
                parameters[name] = text
            }
            elements.append(parameters)
        }
        return elements
    }
}
