import HomewardGeo
import HomewardHTTP

/// The body of `POST /v1/episodes`: `{kind, start, end?, location?, conditions?, note?}`.
struct EpisodeStartRequest: Decodable, Sendable {
    let kind: String
    let start: Timestamp
    let end: Timestamp?
    let location: Coordinate?
    let conditions: EpisodeConditions?
    let note: String?

    /// The episode to store, or 400 naming the first field that breaks a rule.
    func validated(id: String, now: Timestamp) throws(HTTPError) -> Episode {
        let trimmedKind = EpisodeRules.normalizedKind(kind)
        guard !trimmedKind.isEmpty, trimmedKind.count <= EpisodeLimits.maxKindCharacters else {
            throw .invalidRequest("kind must have 1 to \(EpisodeLimits.maxKindCharacters) characters", field: "kind")
        }
        try EpisodeRules.checkNotInFuture(start, field: "start", now: now)
        if let end { try EpisodeRules.checkEnd(end, after: start, now: now) }
        try EpisodeRules.check(location)
        try conditions?.validate(at: "conditions")
        try EpisodeRules.check(note: note)
        let given = conditions ?? EpisodeConditions()
        return Episode(
            id: id, kind: trimmedKind, start: start, end: end, location: location,
            conditions: given, conditionsSource: given.isEmpty ? nil : .client, note: note.flatMap { $0.isEmpty ? nil : $0 },
            createdAt: now, updatedAt: now
        )
    }
}
