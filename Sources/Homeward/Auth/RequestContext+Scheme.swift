import HomewardHTTP

extension RequestContext {
    /// Whether the browser reached this server over https, which decides the session cookie's
    /// `Secure` attribute. The server itself speaks plain HTTP, so https means a proxy in front: the
    /// browser's own `Origin` on the request, or the proxy's `X-Forwarded-Proto`, says so. Setting
    /// Secure wrongly only loses the cookie; the one place to switch to a trusted-proxy rule.
    var cameOverHTTPS: Bool {
        if let origin = request.headers["Origin"], origin.lowercased().hasPrefix("https://") { return true }
        if let proto = request.headers["X-Forwarded-Proto"], proto.split(separator: ",").first?
            .trimmingCharacters(in: .whitespaces).lowercased() == "https" { return true }
        return false
    }
}

extension RequestContext {
    /// The address of the web app as the browser reached it: `publicBaseURL` when set, else the
    /// scheme and `Host` of this request (a QR code made from it opens where the page came from).
    func webAppAddress(_ configuration: AppConfiguration) -> String {
        if !configuration.publicBaseURL.isEmpty { return configuration.publicBaseURL }
        let host = request.headers["Host"] ?? "127.0.0.1:\(configuration.port)"
        return (cameOverHTTPS ? "https://" : "http://") + host
    }
}
