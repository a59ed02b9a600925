import HomewardGeo
import HomewardHTTP

/// The body of `PATCH /v1/episodes/{id}`: `{end?, note?, conditions?, location?}`; what is absent
/// stays as it was, conditions merge value by value, and an empty note removes the note.
struct EpisodeUpdateRequest: Decodable, Sendable {
    let end: Timestamp?
    let note: String?
    let conditions: EpisodeConditions?
    let location: Coordinate?

    /// `episode` with the changes applied, or 400 naming the first field that breaks a rule.
    func applied(to episode: Episode, now: Timestamp) throws(HTTPError) -> Episode {
        var updated = episode
        if let end {
            try EpisodeRules.checkEnd(end, after: episode.start, now: now)
            updated.end = end
        }
        if let note {
            try EpisodeRules.check(note: note)
            updated.note = note.isEmpty ? nil : note
        }
        if let conditions {
            try conditions.validate(at: "conditions")
            updated.conditions = episode.conditions.updated(with: conditions)
            if !conditions.isEmpty { updated.conditionsSource = .client }
        }
        if let location {
            try EpisodeRules.check(location)
            updated.location = location
        }
        updated.updatedAt = now
        return updated
    }
}
