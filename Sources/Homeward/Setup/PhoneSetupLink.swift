import Foundation

/// The setup link of each app and the values it carries, as each app's source reads them:
/// - OwnTracks: `owntracks:///config?inline=<base64 of a configuration>` (Android
///   `ui/preferences/load/LoadViewModel.kt`, iOS `OwnTracksAppDelegate.m`): three slashes, standard
///   base64 with padding, percent-encoded (Android decodes the query with `URLDecoder`, which would
///   turn a `+` into a space); HTTP mode is `mode: 3`, and iOS sends Basic credentials only with `auth: true`.
/// - Overland: `overland://setup?url=&token=&device_id=&unique_id=` (`GPSLogger/SceneDelegate.m`,
///   `GLManager.m`); the token is sent as `Authorization: Bearer`.
/// - Traccar Client: `org.traccar.client://config?url=&id=&interval=&distance=&accuracy=`
///   (`lib/main.dart` hands any link of its scheme but host `action` to
///   `ConfigurationService.applyUri` in `lib/configuration_service.dart`, after asking “Apply new
///   configuration?”; the scheme is registered in `android/app/src/main/AndroidManifest.xml` and
///   `ios/Runner/Info.plist`; the keys are `lib/preferences.dart`'s); the `id` it sends with every
///   position is the key.
struct PhoneSetupLink: Equatable {
    /// How often and how far apart the apps report, when the phone moves: every 5 minutes or 100 m,
    /// what keeps a phone's battery through a day while an SOS still has a recent place.
    static let reportIntervalSeconds = 300
    /// See `reportIntervalSeconds`.
    static let reportDistanceMetres = 100
    /// Safe zones sent to OwnTracks as its regions, at most (the link must fit one QR code).
    static let maxWaypoints = 8

    /// The link.
    var link: String
    /// The values to type instead.
    var settings: [PhoneSetup.Setting]

    /// The link setting up `app` to post to the server at `server` (its public address) with `key`,
    /// for a person called `name` whose circular safe zones are `zones`.
    init(app: PhoneSetupApp, server: String, key: String, name: String, zones: [ZoneResource]) {
        switch app {
        case .owntracks:
            let url = server + "/v1/clients/owntracks"
            let user = Self.userName(of: name)
            var configuration: [String: Any] = [
                "_type": "configuration", "mode": 3, "url": url, "auth": true, "usePassword": true,
                "username": user, "password": key, "deviceId": "phone", "tid": Self.trackerID(of: name),
                "monitoring": 1, "locatorDisplacement": Self.reportDistanceMetres, "locatorInterval": Self.reportIntervalSeconds,
            ]
            var waypoints = zones.compactMap { zone -> [String: Any]? in
                guard let center = zone.center, let radius = zone.radius else { return nil }
                return [
                    "_type": "waypoint", "desc": zone.name, "lat": center.lat, "lon": center.lon, "rad": Int(radius.rounded()),
                    "tst": zone.createdAt.unixMilliseconds / Timestamp.millisecondsPerSecond,
                ]
            }
            waypoints = Array(waypoints.prefix(Self.maxWaypoints))
            // The regions only help: a link too long for one QR code drops them, last first.
            while true {
                configuration["waypoints"] = waypoints
                link = Self.ownTracksLink(configuration)
                if link.utf8.count <= QRCodeImage.maxTextBytes || waypoints.isEmpty { break }
                waypoints.removeLast()
            }
            settings = [
                .init(label: "Mode", value: "HTTP"), .init(label: "URL", value: url),
                .init(label: "Authentication", value: "on"), .init(label: "User ID", value: user),
                .init(label: "Password", value: key), .init(label: "Device ID", value: "phone"),
                .init(label: "Tracker ID", value: Self.trackerID(of: name)),
            ]
        case .overland:
            let url = server + "/v1/clients/overland"
            link = "overland://setup?url=\(Self.encoded(url))&token=\(Self.encoded(key))&device_id=phone&unique_id=yes"
            settings = [.init(label: "Receiver Endpoint", value: url), .init(label: "Access Token", value: key), .init(label: "Device ID", value: "phone")]
        case .traccar:
            let url = server + "/v1/clients/osmand"
            link = "org.traccar.client://config?url=\(Self.encoded(url))&id=\(Self.encoded(key))"
                + "&interval=\(Self.reportIntervalSeconds)&distance=\(Self.reportDistanceMetres)&accuracy=high"
            settings = [.init(label: "Server URL", value: url), .init(label: "Device identifier", value: key)]
        }
    }

    /// OwnTracks' user name: the person's name in letters and digits, lower case ("dad"); it is a
    /// label, the key is the password.
    static func userName(of name: String) -> String {
        let kept = String(name.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII })
        return kept.isEmpty ? "homeward" : String(kept.prefix(32))
    }

    /// OwnTracks' two-character tracker id shown on its map: the first two letters or digits of the
    /// name, upper case ("DA").
    static func trackerID(of name: String) -> String {
        let kept = String(name.uppercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII })
        return kept.count >= 2 ? String(kept.prefix(2)) : "HW"
    }

    private static func ownTracksLink(_ configuration: [String: Any]) -> String {
        let json = (try? JSONSerialization.data(withJSONObject: configuration, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return "owntracks:///config?inline=" + encoded(json.base64EncodedString())
    }

    /// `text` percent-encoded for a query value: everything but letters and digits.
    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
