/// The Content-Security-Policy of the web app's pages: scripts, styles, fetches and workers from
/// this server only, no inline script or style, images also from the map's tile server.
enum ContentSecurityPolicy {
    /// The policy for `settings`.
    static func header(for settings: WebAppSettings) -> String {
        let tiles = settings.tileOrigin.map { " " + $0 } ?? ""
        return [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' data: blob:\(tiles)",
            "connect-src 'self'",
            "worker-src 'self'",
            "manifest-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }
}
