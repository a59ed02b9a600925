/// What the web app needs to know about its map (where tiles come from and whom to credit) and
/// about the server (whether it can send email, so the app offers email alerts only then).
public struct WebAppSettings: Sendable {
    /// OpenStreetMap's standard tiles, the default.
    public static let openStreetMapTiles = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    /// The credit OpenStreetMap's tile usage policy asks for.
    public static let openStreetMapAttribution = "© OpenStreetMap contributors"

    /// A Leaflet tile URL template (`{z}`, `{x}`, `{y}`, optionally `{s}`); empty draws the map on a
    /// plain background with no tiles.
    public var tileURLTemplate: String
    /// The attribution shown on the map for the tiles.
    public var tileAttribution: String
    /// Whether the server has a mail relay; set from the SMTP settings when the app is composed.
    public var sendsEmail = false

    /// Creates settings; the defaults are OpenStreetMap's tiles.
    public init(tileURLTemplate: String = Self.openStreetMapTiles, tileAttribution: String = Self.openStreetMapAttribution) {
        self.tileURLTemplate = tileURLTemplate
        self.tileAttribution = tileAttribution
    }

    /// The origin tiles are loaded from, for the Content-Security-Policy (`{s}` becomes `*`); nil
    /// without tiles or for a template that is not an absolute http(s) URL.
    var tileOrigin: String? {
        let template = tileURLTemplate.replacingOccurrences(of: "{s}", with: "*")
        for scheme in ["https://", "http://"] where template.hasPrefix(scheme) {
            let rest = template.dropFirst(scheme.count)
            let host = rest.prefix { $0 != "/" }
            guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:*".contains($0) }) else { return nil }
            return scheme + host
        }
        return nil
    }
}
