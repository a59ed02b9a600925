import HomewardGeo

/// How ingest's jump flag lets go of a wrong anchor.
///
/// A fix is flagged `jump` when reaching it from the previous reliable fix (the anchor) would take
/// an impossible speed. When the anchor itself was wrong (a cached position 700 km off as the first
/// fix, a network fix from far away, one implausible step), every later fix at the true place would
/// be flagged until enough time had passed to make the distance plausible: hours. So when
/// `minAgreeingFixes` flagged fixes in a row agree with one another (each reachable from the one
/// before) over at least `minAgreeingSeconds`, they become the truth: they are reliable from then
/// on, and the anchor's own run of agreeing fixes, when it has fewer fixes than the newcomers (a
/// lone wild fix), is flagged after the fact. A lone wild fix inside a stay is still flagged alone:
/// the next fix at the stay agrees with the anchor and clears the suspects.
struct JumpReanchoring: Sendable {
    /// Flagged fixes in a row that must agree with one another before they outvote the anchor.
    static let minAgreeingFixes = 3
    /// The least time those fixes must span, in seconds.
    static let minAgreeingSeconds = 20.0
    /// Flagged fixes since the anchor looked at, at most (the newest).
    static let maxSuspects = 20

    /// The fastest plausible move, in metres per second (`IngestLimits.maxPlausibleSpeedMetresPerSecond`).
    let maxPlausibleSpeedMetresPerSecond: Double
    /// Fixes closer in time than this are compared as if this far apart.
    let minimumIntervalSeconds: Double

    /// Whether `later` can be reached from `earlier` at a plausible speed.
    func agree(_ earlier: StoredLocation, _ later: StoredLocation) -> Bool {
        let metres = Haversine.distanceMetres(
            from: Coordinate(lat: earlier.lat, lon: earlier.lon), to: Coordinate(lat: later.lat, lon: later.lon))
        let seconds = max(
            Double(later.time.unixMilliseconds - earlier.time.unixMilliseconds) / Double(Timestamp.millisecondsPerSecond),
            minimumIntervalSeconds)
        return metres / seconds <= maxPlausibleSpeedMetresPerSecond
    }

    /// The newest run of `fixes` (oldest first) in which each agrees with the one before; it ends
    /// with the last fix.
    func agreeingRun(_ fixes: [StoredLocation]) -> [StoredLocation] {
        guard var start = fixes.indices.last else { return [] }
        while start > fixes.startIndex, agree(fixes[start - 1], fixes[start]) { start -= 1 }
        return Array(fixes[start...].suffix(Self.maxSuspects))
    }

    /// Whether `run` (oldest first, agreeing) is enough to outvote the anchor.
    func settles(_ run: [StoredLocation]) -> Bool {
        guard run.count >= Self.minAgreeingFixes, let first = run.first, let last = run.last else { return false }
        return Double(last.time.unixMilliseconds - first.time.unixMilliseconds) / Double(Timestamp.millisecondsPerSecond)
            >= Self.minAgreeingSeconds
    }

    /// The anchor's own run: of `reliable` (newest first, the anchor first), those that agree one
    /// after another back from the anchor.
    func anchorRun(_ reliable: [StoredLocation]) -> [StoredLocation] {
        guard let anchor = reliable.first else { return [] }
        var run = [anchor]
        for earlier in reliable.dropFirst() {
            guard let oldest = run.last, agree(earlier, oldest) else { break }
            run.append(earlier)
        }
        return run
    }
}
