import Foundation

/// The broker of an `mqtt://` or `mqtts://` URL: where to connect, whether with TLS, and who to log in as.
public struct MQTTBroker: Sendable, Equatable {
    /// The host name or address.
    public var host: String
    /// The TCP port: the URL's, else 1883 (8883 with TLS).
    public var port: Int
    /// Whether the connection is TLS (`mqtts://`).
    public var usesTLS: Bool
    /// The user the server logs in as; nil logs in without one.
    public var username: String?
    /// The password of `username`.
    public var password: String?
}

extension MQTTBroker {
    /// The broker of `url`; nil when it is not an `mqtt://` or `mqtts://` URL with a host (and
    /// nothing after it but an optional `/`).
    public init?(url: String) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              ["mqtt", "mqtts"].contains(scheme), let host = components.host, !host.isEmpty,
              ["", "/"].contains(components.path), components.query == nil, components.fragment == nil else { return nil }
        usesTLS = scheme == "mqtts"
        let port = components.port ?? (usesTLS ? 8883 : 1883)
        guard (1...65_535).contains(port) else { return nil }
        self.port = port
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        username = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }
        password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
    }
}
