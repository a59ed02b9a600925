import HomewardHTTP
import HomewardStore

/// What the routine endpoints do: list a person's learned places, note one (a name, not usual), and
/// read or turn learning on or off, each in one transaction that first asks `AccessPolicy`. A change
/// that alters what the zone observer learned makes it rebuild that person's trackers.
struct RoutineService: Sendable {
    /// Holds the routine settings and place notes.
    let database: any DatabaseWriter
    /// Decides whose routine the caller may see and change (404 otherwise).
    let accessPolicy: AccessPolicy
    /// The learned places of a person; rebuilt when a note or the learning setting changes.
    let zoneObserver: ZoneObserver
    /// The time a note or setting is written.
    let clock: any WallClock
    /// Steps at most by which false alarms tune a person's thresholds (`falseAlarmMaxTuningSteps`).
    let falseAlarmMaxTuningSteps: Int

    private var store: RoutineStore { RoutineStore() }

    /// The learned places of the account `id`, when the caller may see it.
    func places(of id: String, for caller: Caller) throws -> PlaceList {
        let now = clock.now()
        return try database.read { db in
            let account = try accessPolicy.visibleAccount(id, to: caller, in: db)
            let learned = try zoneObserver.learnedPlaces(of: account, at: now, in: db)
            return PlaceList(
                learning: learned.learning, learnedDays: learned.days,
                places: learned.places.map { PlaceResource($0.place, note: $0.note) })
        }
    }

    /// Applies `update` to the note on the learned place `placeID` of the account `id`; 404 when the
    /// caller may not see the account or it has no such place.
    func note(_ update: PlaceUpdate, onPlace placeID: String, of id: String, by caller: Caller) throws -> PlaceResource {
        let now = clock.now()
        return try database.write { db -> PlaceResource in
            let account = try accessPolicy.visibleAccount(id, to: caller, in: db)
            let learned = try zoneObserver.learnedPlaces(of: account, at: now, in: db)
            guard let found = learned.places.first(where: { String($0.place.key) == placeID }) else {
                throw HTTPError.notFound("No learned place \(placeID).")
            }
            let note = try update.applied(to: found.note ?? RoutineStore.PlaceNote())
            try store.setNote(note, onPlace: placeID, of: account, at: now, in: db)
            if note.usual != (found.note?.usual ?? true) { zoneObserver.settingsChanged(of: account, in: db) }
            return PlaceResource(found.place, note: note)
        }
    }

    /// Whether the routine of the account `id` is learned, when the caller may see it.
    func settings(of id: String, for caller: Caller) throws -> RoutineSettingsResource {
        let settings = try database.read { db in
            let account = try accessPolicy.visibleAccount(id, to: caller, in: db)
            return try store.settings(of: account, maxTuningSteps: falseAlarmMaxTuningSteps, in: db)
        }
        return RoutineSettingsResource(learning: settings.learning)
    }

    /// Turns learning of the account `id`'s routine on or off as `request` says; turning it off
    /// forgets what was learned.
    func update(_ request: RoutineSettingsResource, of id: String, by caller: Caller) throws -> RoutineSettingsResource {
        try database.write { db in
            let account = try accessPolicy.visibleAccount(id, to: caller, in: db)
            let before = try store.settings(of: account, maxTuningSteps: falseAlarmMaxTuningSteps, in: db)
            try store.setLearning(request.learning, for: account, at: clock.now(), in: db)
            if before.learning != request.learning { zoneObserver.settingsChanged(of: account, keepingRoutine: false, in: db) }
        }
        return request
    }
}
