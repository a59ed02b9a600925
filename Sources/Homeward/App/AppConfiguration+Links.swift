import HomewardHTTP

extension AppConfiguration {
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
}

extension AppConfiguration {
    /// The web app's absolute address as the client reached it, for what must work outside the page
    /// (a QR code scanned by another phone's camera): `linkBase(for:)` when it is absolute, else
    /// `http://` and the request's Host.
    func absoluteBase(for context: RequestContext) -> String {
        let base = linkBase(for: context)
        if !base.isEmpty { return base }
        return "http://" + (context.request.headers["Host"] ?? "\(host):\(port)")
    }
}
