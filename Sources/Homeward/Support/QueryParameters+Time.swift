import HomewardHTTP

extension QueryParameters {
    /// The time in query parameter `name` (a list's `from`, `to` or `since`): RFC 3339 or Unix
    /// seconds, as in bodies; nil when absent, 400 naming `name` for anything else.
    func time(_ name: String) throws(HTTPError) -> Timestamp? {
        guard let text = self[name] else { return nil }
        if let time = Timestamp(rfc3339: text) { return time }
        if let seconds = Double(text), let time = Timestamp(unixSeconds: seconds) { return time }
        throw .invalidRequest("\(name) must be an RFC 3339 time or Unix seconds", field: name)
    }

    /// The calendar date in query parameter `name` (a daily range's `from` or `to`), `YYYY-MM-DD`;
    /// nil when absent, 400 naming `name` for anything else, including dates that do not exist.
    func date(_ name: String) throws(HTTPError) -> LocalDate? {
        guard let text = self[name] else { return nil }
        return try LocalDate(parsing: text, field: name)
    }
}
