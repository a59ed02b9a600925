import Foundation

/// Conditional GETs: whether a client's cached copy is still the current one.
enum EntityTag {
    /// Whether an `If-None-Match` value (`*`, or a list of possibly weak tags) names `etag`.
    static func ifNoneMatch(_ ifNoneMatch: String, names etag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
