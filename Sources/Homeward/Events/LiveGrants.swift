/// What one viewer may receive live about other people, as the database says now: everything about
/// the people they guard; of a trip they accompany, its own events from when they joined (its alerts,
/// its progress, its arrival, also once it ended), and while it is under way the traveller's
/// position and the traveller's other alerts raised since they joined (an SOS on the way). Nothing
/// from before they joined: an SOS of this morning stays hidden, even when it is acknowledged later.
///
/// The event stream hub checks every event it sends, and every event it replays, against these; a
/// revoked link, an ended trip or a deleted account is taken out of them at once (`EventStreamHub`).
public struct LiveGrants: Sendable, Equatable {
    /// A trip the viewer joined as a companion.
    public struct AccompaniedTrip: Sendable, Equatable {
        /// The trip's opaque id (events of the trip carry it).
        public var tripID: String
        /// When the viewer joined: nothing of the trip from before reaches them.
        public var joinedAt: Timestamp
        /// Whether the trip is still under way: only then does the traveller's position reach them.
        public var isActive: Bool

        /// Creates the grant.
        public init(tripID: String, joinedAt: Timestamp, isActive: Bool) {
            self.tripID = tripID
            self.joinedAt = joinedAt
            self.isActive = isActive
        }
    }

    /// The people the viewer guards.
    public var guarded: Set<AccountKey> = []
    /// The trips the viewer accompanies, by traveller.
    public var accompanied: [AccountKey: [AccompaniedTrip]] = [:]

    /// Creates grants.
    public init(guarded: Set<AccountKey> = [], accompanied: [AccountKey: [AccompaniedTrip]] = [:]) {
        self.guarded = guarded
        self.accompanied = accompanied
    }

    /// Everyone the viewer hears about in some way.
    public var subjects: Set<AccountKey> { guarded.union(accompanied.keys) }

    /// Whether an event of `kind` about `subject` (of trip `tripID`, if any), which happened at
    /// `time`, may reach the viewer.
    public func admits(_ kind: AppEvent.Kind, about subject: AccountKey, tripID: String?, at time: Timestamp) -> Bool {
        if guarded.contains(subject) { return true }
        guard let trips = accompanied[subject] else { return false }
        if let tripID {
            return trips.contains { $0.tripID == tripID && $0.joinedAt <= time }
        }
        return kind != .trip && trips.contains { $0.isActive && $0.joinedAt <= time }
    }

    /// Whether `event`, published at `time`, may reach the viewer (its `originAt` counts when set).
    public func admits(_ event: AppEvent, at time: Timestamp) -> Bool {
        admits(event.kind, about: event.subject, tripID: event.tripID, at: event.originAt ?? time)
    }
}
