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
