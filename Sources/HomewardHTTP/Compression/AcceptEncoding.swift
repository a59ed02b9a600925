/// Reads `Accept-Encoding` (RFC 9110 section 12.5.3) for the one coding we produce.
public enum AcceptEncoding {
    /// Whether the header accepts gzip: `gzip` (or `x-gzip`, or `*` without an explicit gzip) with a
    /// q-value above zero.
    public static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzipQuality: Double?
        var wildcardQuality: Double?
        for element in header.split(separator: ",") {
            let parts = element.split(separator: ";")
            guard let coding = parts.first?.trimmingSpaces().lowercased() else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingSpaces().split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].lowercased() == "q" { quality = Double(pair[1].trimmingSpaces()) ?? 0 }
            }
            if coding == "gzip" || coding == "x-gzip" { gzipQuality = quality }
            if coding == "*" { wildcardQuality = quality }
        }
        return (gzipQuality ?? wildcardQuality ?? 0) > 0
    }
}
