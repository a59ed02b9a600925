/// What one viewer may receive live about other people, as the database says now: everything about
/// the people they guard, and of each trip they accompany what its `CompanionWindow` shows (the
/// trip's alerts and a call for help from joining to the end, the arrival included, the trip's own
/// events) plus the traveller's position while it is under way. Nothing from before they joined: an
/// SOS of this morning stays hidden, even when it is acknowledged later. Feeds and polls read the
/// same windows, so a stream never shows a companion what the alert list would not.
///
/// The event stream hub checks every event it sends, and every event it replays, against these; a
/// revoked link, an ended trip or a deleted account is taken out of them at once (`EventStreamHub`).
public struct LiveGrants: Sendable, Equatable {
    /// The people the viewer guards.
    public var guarded: Set<AccountKey> = []
    /// The windows of the trips the viewer accompanies, by traveller.
    public var accompanied: [AccountKey: [CompanionWindow]] = [:]

    /// Creates grants.
    public init(guarded: Set<AccountKey> = [], accompanied: [AccountKey: [CompanionWindow]] = [:]) {
        self.guarded = guarded
        self.accompanied = accompanied
    }

    /// Everyone the viewer hears about in some way.
    public var subjects: Set<AccountKey> { guarded.union(accompanied.keys) }

    /// Whether an event of `kind` about `subject` (an alert of `alertType`, of trip `tripID`, if
    /// any), which happened at `time`, may reach the viewer.
    public func admits(
        _ kind: AppEvent.Kind, about subject: AccountKey, alertType: AlertType? = nil, tripID: String?, at time: Timestamp
    ) -> Bool {
        if guarded.contains(subject) { return true }
        guard let windows = accompanied[subject] else { return false }
        switch kind {
        case .location:
            return windows.contains { $0.endedAt == nil && $0.joinedAt <= time }
        case .alert:
            guard let alertType else { return false }
            return windows.contains { $0.shows(alertOf: subject, type: alertType, createdAt: time, tripID: tripID) }
        case .trip:
            return windows.contains { $0.tripID == tripID && $0.joinedAt <= time }
        case .import:
            return false
        }
    }

    /// Whether `event`, published at `time`, may reach the viewer (its `originAt` counts when set).
    public func admits(_ event: AppEvent, at time: Timestamp) -> Bool {
        admits(event.kind, about: event.subject, alertType: event.alertType, tripID: event.tripID, at: event.originAt ?? time)
    }
}
