import Foundation
import HomewardHTTP

/// The embedded web app, prepared once at start-up: the pages at fixed paths (revalidated on every
/// load) and the assets under `/assets/<hash>/`, where the hash covers every embedded file, so an
/// asset's address changes whenever any file does and browsers may keep assets for a year.
struct WebAppBundle: Sendable {
    /// The pages and where they are served.
    static let pages: [(route: String, file: String)] = [
        ("/", "index.html"), ("/trip", "trip.html"), ("/shared", "shared.html"),
        ("/sw.js", "sw.js"), ("/manifest.webmanifest", "manifest.webmanifest"),
    ]
    /// How long a browser keeps a hashed asset.
    static let assetMaxAgeSeconds = 365 * 24 * 3600
    /// Where the embedded files below `assets/` are served, before the hash.
    static let assetPrefix = "/assets/"

    /// The first 16 hexadecimal digits of the SHA-256 over every embedded file's path and bytes.
    let hash: String
    /// The pages by route.
    let pages: [String: WebAsset]
    /// The assets by the path they are served at (`/assets/<hash>/app.js`).
    let assets: [String: WebAsset]

    /// Decodes the embedded files and prepares them for `settings`.
    init(settings: WebAppSettings) {
        var files: [String: [UInt8]] = [:]
        var digestInput: [UInt8] = []
        for file in EmbeddedWebApp.files {
            let bytes = [UInt8](Data(base64Encoded: file.base64) ?? Data())
            files[file.path] = bytes
            digestInput += Array(file.path.utf8) + [0] + SecretDigest.sha256(bytes)
        }
        digestInput += Array("\(settings.tileURLTemplate)\u{0}\(settings.tileAttribution)".utf8)
        let hash = String(SecretDigest.hex(SecretDigest.sha256(digestInput)).prefix(16))
        self.hash = hash
        let assetBase = Self.assetPrefix + hash
        let pageHeaders: HTTPHeaders = [
            "Cache-Control": "no-cache",
            "Content-Security-Policy": ContentSecurityPolicy.header(for: settings),
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "X-Frame-Options": "DENY",
        ]
        var pages: [String: WebAsset] = [:]
        for page in Self.pages {
            guard let bytes = files[page.file] else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
                .replacingOccurrences(of: "{{ASSETS}}", with: assetBase)
                .replacingOccurrences(of: "{{TILE_URL}}", with: Self.escapedAttribute(settings.tileURLTemplate))
                .replacingOccurrences(of: "{{TILE_ATTRIBUTION}}", with: Self.escapedAttribute(settings.tileAttribution))
                .replacingOccurrences(
                    of: "{{CHANNEL_KINDS}}",
                    with: Self.escapedAttribute(Channels.webAppDescription(ChannelAvailability(sendsEmail: settings.sendsEmail))))
                .replacingOccurrences(of: "{{ALERT_TITLES}}", with: Self.escapedAttribute(Self.alertTitles))
            var headers = pageHeaders
            if page.file == "sw.js" { headers.add(name: "Service-Worker-Allowed", value: "/") }
            pages[page.route] = WebAsset(path: page.file, bytes: Array(text.utf8), headers: headers)
        }
        self.pages = pages
        let assetHeaders: HTTPHeaders = [
            "Cache-Control": "public, max-age=\(Self.assetMaxAgeSeconds), immutable",
            "X-Content-Type-Options": "nosniff",
        ]
        var assets: [String: WebAsset] = [:]
        for (path, bytes) in files where path.hasPrefix("assets/") {
            let served = assetBase + "/" + path.dropFirst("assets/".count)
            assets[served] = WebAsset(path: path, bytes: bytes, headers: assetHeaders)
        }
        self.assets = assets
    }

    /// Total bytes of the app's own assets and pages as sent gzip-encoded, Leaflet aside.
    var appGzipBytes: Int {
        (Array(pages.values) + assets.filter { !$0.key.contains("/leaflet/") }.map(\.value))
            .reduce(0) { $0 + ($1.gzipped?.count ?? $1.bytes.count) }
    }

    /// Every alert type's title as a JSON object, `{"sos":"SOS",…}`: the web app's names of alert
    /// types are the server's (`AlertType.title`), also where no alert is at hand (the channel form).
    static var alertTitles: String {
        func quoted(_ text: String) -> String {
            String(decoding: (try? JSONEncoder().encode(text)) ?? Data(#""""#.utf8), as: UTF8.self)
        }
        // In the types' order, which the channel form keeps.
        return "{" + AlertType.allCases.map { quoted($0.rawValue) + ":" + quoted($0.title) }.joined(separator: ",") + "}"
    }

    /// `text` safe inside a double-quoted HTML attribute.
    static func escapedAttribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
