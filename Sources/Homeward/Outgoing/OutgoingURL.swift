import CCurl

/// An `http://` or `https://` address that an outgoing request may be sent to (or an `smtp://` or
/// `smtps://` one for mail), parsed by libcurl's own URL parser so that the host judged by
/// `OutgoingAddressPolicy` is the host libcurl connects to. No user info, fragment or whitespace; at
/// most `maxCharacters`.
public struct OutgoingURL: Sendable, Equatable {
    /// Longest URL accepted.
    public static let maxCharacters = 2_000

    /// The URL as given.
    public let text: String
    /// `http` or `https` (`smtp` or `smtps` for mail).
    public let scheme: String
    /// Host name or address, without IPv6 brackets, lower-cased.
    public let host: String
    /// TCP port (the scheme's default unless given).
    public let port: Int
    /// The path, `/` when none was written.
    public let path: String
    /// The query without its `?`, nil when there is none.
    public let query: String?

    /// Parses `text`; nil unless it is a well-formed http or https URL.
    public init?(_ text: String) {
        self.init(text, schemes: ["http", "https"])
    }

    /// Parses `text`; nil unless it is a well-formed URL with one of `schemes` (lower-case).
    public init?(_ text: String, schemes: Set<String>) {
        guard text.count <= Self.maxCharacters, !text.isEmpty,
              !text.contains(where: { $0.isWhitespace || $0.asciiValue == nil || $0 == "\\" }),
              let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, text, 0) == CURLUE_OK else { return nil }
        func part(_ which: CURLUPart, _ flags: Int32 = 0) -> String? {
            var value: UnsafeMutablePointer<CChar>?
            guard curl_url_get(handle, which, &value, UInt32(flags)) == CURLUE_OK, let value else { return nil }
            defer { curl_free(value) }
            return String(cString: value)
        }
        guard let scheme = part(CURLUPART_SCHEME)?.lowercased(), schemes.contains(scheme),
              text.lowercased().hasPrefix(scheme + "://"),
              part(CURLUPART_USER) == nil, part(CURLUPART_PASSWORD) == nil, part(CURLUPART_FRAGMENT) == nil,
              var host = part(CURLUPART_HOST)?.lowercased(), !host.isEmpty,
              let portText = part(CURLUPART_PORT, CURLU_DEFAULT_PORT), let port = Int(portText), (1...65_535).contains(port)
        else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.text = text
        self.scheme = scheme
        self.host = host
        self.port = port
        path = part(CURLUPART_PATH) ?? "/"
        query = part(CURLUPART_QUERY)
    }

    /// `scheme://host:port`: deliveries to one destination share its concurrency limit and back-off.
    public var destination: String {
        "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
