import HomewardHTTP

/// Where the links the server hands out (share links, the linking QR code) point: the configured
/// public base URL, else the address the client reached the server at.
struct LinkAddresses: Sendable {
    /// `--public-base-url`: the address in front of every link when set.
    let publicBaseURL: String
    /// The listening host, the last resort of an absolute address when a request names no Host.
    let host: String
    /// The listening port, with `host`.
    let port: Int

    /// What the server puts in front of the links it hands out: `--public-base-url` when set; else,
    /// for a request a trusted proxy says arrived over TLS, `https://` and the request's Host (so
    /// that the link works where the client reached us); else nothing, giving relative links.
    func linkBase(for context: RequestContext) -> String {
        if !publicBaseURL.isEmpty { return publicBaseURL }
        if context.origin.isSecure, let host = context.request.headers["Host"], !host.isEmpty {
            return "https://\(host)"
        }
        return ""
    }

    /// The web app's absolute address as the client reached it, for what must work outside the page
    /// (a QR code scanned by another phone's camera): `linkBase(for:)` when it is absolute, else
    /// `http://` and the request's Host.
    func absoluteBase(for context: RequestContext) -> String {
        let base = linkBase(for: context)
        if !base.isEmpty { return base }
        return "http://" + (context.request.headers["Host"] ?? "\(host):\(port)")
    }
}
