/// Episodes as CSV (RFC 4180) for a spreadsheet or a doctor: one header line, one line per episode.
enum EpisodeCSV {
    /// The header line's column names.
    static let header = [
        "id", "kind", "start", "end", "durationSeconds", "lat", "lon",
        "temperatureC", "uvIndex", "humidity", "windSpeed", "conditionsSource", "note",
    ]

    /// The document, lines ended by CRLF.
    static func render(_ episodes: [Episode]) -> String {
        var text = header.joined(separator: ",") + "\r\n"
        for episode in episodes {
            let fields: [String] = [
                episode.id, field(episode.kind), episode.start.rfc3339, episode.end?.rfc3339 ?? "",
                number(episode.durationSeconds), number(episode.location?.lat), number(episode.location?.lon),
                number(episode.conditions.temperatureC), number(episode.conditions.uvIndex),
                number(episode.conditions.humidity), number(episode.conditions.windSpeed),
                episode.conditionsSource?.rawValue ?? "", field(episode.note ?? ""),
            ]
            text += fields.joined(separator: ",") + "\r\n"
        }
        return text
    }

    private static func number(_ value: Double?) -> String {
        guard let value else { return "" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// Quotes text that needs it, and defuses text a spreadsheet would run as a formula
    /// (a leading `=`, `+`, `-`, `@`) by prefixing an apostrophe.
    private static func field(_ text: String) -> String {
        var value = text
        if let first = value.first, "=+-@\t\r".contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
