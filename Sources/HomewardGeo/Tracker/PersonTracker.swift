/// Everything the server knows about one person's movement, fed one fix at a time in O(1) amortised
/// per fix with a fixed-size memory: signal cleaning, motion state, safe zones with hysteresis and
/// schedules, "be here by" rules, wandering and distance from home.
public struct PersonTracker: Sendable, Equatable, Codable {
    /// The thresholds.
    public let configuration: TrackerConfiguration
    /// The person's safe zones.
    public let zones: [SafeZone]
    private var memberships: [ZoneMembership]
    private var filter: SignalFilter
    private var stayDetector: StayPointDetector
    private(set) var wanderingDetector: WanderingDetector
    private(set) var aimlessWalkDetector: AimlessWalkDetector
    private(set) var pacingDetector: PacingDetector
    /// Whether the recent fixes scatter within their accuracy (then they draw no shape).
    private var scatterGate = ScatterGate()
    private var motionState = MotionState.unknown
    private var slowSince: UnixSeconds?
    private var lastFiltered: Fix?
    private var distanceFromHomeMetres: Double?
    private var farCandidateSince: UnixSeconds?
    private var farFromHomeSince: UnixSeconds?
    private var farFromHomeScore = 0.0
    private var clockSeconds: UnixSeconds?
    private var routine: RoutineModel
    private var reportedWandering = false
    private var reportedAimlessWalk = false
    private var reportedPacing = false
    /// A shape episode (lapping, pacing, random) began while far from home was already told: the
    /// status shows it, but its alert waits until far from home ends (one wandering alert an outing).
    private var shapeEpisodeHeldBack = false
    /// Whether the last fix found the person far from home with nothing to excuse it (at night,
    /// after a night departure, off the routine): only then does far from home's alert cover a
    /// shape episode.
    private var farFromHomeUnexplained = false
    private var departedHomeAtNight = false
    private var recentFixes = RingBuffer<Fix>(capacity: PersonTracker.evidenceFixCount)

    /// How many of the last fixes a decision's evidence carries at most.
    public static let evidenceFixCount = 8

    /// Creates a tracker for a person with `zones`.
    public init(configuration: TrackerConfiguration = TrackerConfiguration(), zones: [SafeZone] = []) {
        self.configuration = configuration
        self.zones = zones
        memberships = Array(repeating: ZoneMembership(), count: zones.count)
        filter = SignalFilter()
        stayDetector = StayPointDetector(
            radiusMetres: configuration.stayRadiusMetres, minimumSeconds: configuration.stayMinimumSeconds)
        wanderingDetector = WanderingDetector(configuration: configuration)
        aimlessWalkDetector = AimlessWalkDetector(configuration: configuration)
        pacingDetector = PacingDetector(configuration: configuration)
        routine = RoutineModel(
            cellMetres: configuration.routineCellMetres, maxCells: configuration.routineMaxCells,
            placeRadiusMetres: configuration.stayRadiusMetres, placeMinimumSeconds: configuration.routinePlaceMinimumSeconds)
    }

    /// The routine learned so far (see `RoutineModel`).
    public var learnedRoutine: RoutineModel { routine }

    /// The places the routine learned (see `RoutineModel.places`), at most `limit`.
    public func learnedPlaces(limit: Int) -> [LearnedPlace] {
        routine.places(minimumStayDays: configuration.routineUsualMinimumDays, limit: limit)
    }

    /// Takes over a routine learned elsewhere (by the tracker this one replaces, with other zones),
    /// keeping this tracker's marks of places that are not usual.
    public mutating func adoptRoutine(_ learned: RoutineModel) {
        let unusual = routine.unusualPlaces
        routine = learned
        routine.markUnusual(unusual)
    }

    /// Marks the places of `keys` as not usual (see `RoutineModel.markUnusual`).
    public mutating func markUnusualPlaces(_ keys: Set<Int64>) { routine.markUnusual(keys) }

    /// Learns the routine from a stored fix without judging it (to rebuild a tracker from history;
    /// feed the fixes oldest first, before the live ones).
    public mutating func learnRoutine(from fix: Fix) {
        learnRoutine(from: fix, prepared: SphericalPoint(fix.coordinate))
    }

    /// Learns `fix` (at `prepared`, its point as the zones measure it) into the routine and, when it
    /// is far from home, into the hours the person is habitually away.
    private mutating func learnRoutine(from fix: Fix, prepared: SphericalPoint) {
        guard configuration.learnsRoutine, fix.coordinate.isValid else { return }
        let time = LocalTime(t: fix.t, utcOffsetSeconds: fix.utcOffsetSeconds)
        routine.learn(
            fix.coordinate, at: time, t: fix.t,
            maxGapSeconds: configuration.routineCorridorMaxGapSeconds,
            maxJumpMetres: configuration.routineCorridorMaxJumpMetres)
        if let limit = configuration.farFromHomeMetres, let home = zones.first(where: \.isHome),
           home.shape.distanceFromCenterMetres(to: prepared) > limit {
            routine.noteAwayFromHome(at: time)
        }
    }

    /// Takes the next fix; fixes older than the last one used, duplicates, inaccurate fixes and impossible
    /// jumps are ignored (they return no events). `reportedCrossing` is a zone crossing the phone
    /// detected itself at this fix (see `ReportedCrossing`).
    public mutating func ingest(_ fix: Fix, reportedCrossing: ReportedCrossing? = nil) -> [GeoEvent] {
        judge(fix, reportedCrossing: reportedCrossing, learning: true)
    }

    /// Takes a fix that was judged before (by another server, or by a tracker since dropped) to bring
    /// a rebuilt tracker to where the fixes left off: zone presence, motion, the wandering path. What
    /// it decides raises nothing (it was raised then, or is decided by the fixes after it). With
    /// `learning`, the routine learns it if it is newer than every fix the routine learned (one kept
    /// from a dropped tracker); a routine rebuilt from the history learned it there. Oldest first,
    /// before the live fixes.
    public mutating func recall(_ fix: Fix, learning: Bool) {
        _ = judge(fix, reportedCrossing: nil, learning: learning && fix.t > routine.lastT)
    }

    private mutating func judge(_ fix: Fix, reportedCrossing: ReportedCrossing?, learning: Bool) -> [GeoEvent] {
        guard fix.coordinate.isValid else { return [] }
        let prepared = SphericalPoint(fix.coordinate)
        let corroborated = reportedCrossing.map { crossing in zones.contains { $0.id == crossing.zoneId } } ?? false
        let outcome = filter.filter(fix, prepared: prepared, configuration: configuration, corroborated: corroborated)
        guard case .accepted(let filtered) = outcome else {
            // A crossing the phone reported on a fix it had already sent (OwnTracks iOS builds its
            // transition from its last location): the fix is a duplicate, the crossing is news.
            if case .rejected(.duplicateTime) = outcome, let reportedCrossing, corroborated {
                return applyReported(reportedCrossing, at: fix, prepared: prepared)
            }
            if case .rejected(.impossibleJump) = outcome { return applyHeldBack(fix, prepared: prepared) }
            return []
        }
        var events: [GeoEvent] = []
        lastFiltered = fix
        recentFixes.append(fix)
        let wasResting = motionState == .stationary
        let localTime = LocalTime(t: fix.t, utcOffsetSeconds: fix.utcOffsetSeconds)
        if learning { learnRoutine(from: fix, prepared: prepared) }
        var aimlessChange: WanderingChange?
        var pacingChange: WanderingChange?
        if filtered.startsSegment {
            stayDetector.reset()
            wanderingDetector.resetPath()
            aimlessChange = aimlessWalkDetector.reset()
            pacingChange = pacingDetector.reset()
            scatterGate.reset()
        }
        if let reported = fix.accuracy, reported >= 0 {
            // Only an accuracy the phone reported says how far its fixes may scatter.
            scatterGate.add(filtered.raw, accuracyMetres: reported, at: fix.t)
        }
        stayDetector.add(filtered.smoothed, at: fix.t)
        // An episode no classification supported for a while ends before the new fix is judged.
        if wanderingDetector.expire(at: fix.t, configuration: configuration) != nil, reportedWandering {
            tellShapeEpisodeEnded(events: &events)
            reportedWandering = false
        }
        var wanderingChange: WanderingChange?
        if filtered.accuracyMetres <= configuration.shapeMaxAccuracyMetres {
            // A still phone's fixes scattering within their accuracy are noise: they shape no path.
            let noise = scatterGate.isNoise(at: fix.t, configuration: configuration)
            wanderingChange = wanderingDetector.observe(
                filtered.smoothed, at: fix.t, isStationary: noise || isRestingForShape(at: fix.t),
                isSlow: motionState == .stationary, configuration: configuration)
            if !noise {
                aimlessChange = aimlessWalkDetector.observe(filtered.raw, at: fix.t, configuration: configuration) ?? aimlessChange
                pacingChange = pacingDetector.observe(filtered.raw, at: fix.t, configuration: configuration) ?? pacingChange
            }
        }
        let pathSpeed = wanderingDetector.recentPathSpeed(
            over: configuration.pathSpeedWindowSeconds, now: fix.t, stepMetres: configuration.pathStepMetres)
        updateMotionState(speed: max(filtered.smoothedSpeedMetresPerSecond, pathSpeed), at: fix.t, events: &events)

        if let departure = filtered.departure {
            // The fix refused just before was where this move began: the zones count it first.
            let accuracy = departure.accuracy.map { $0 >= 0 ? $0 : configuration.assumedAccuracyMetres }
                ?? configuration.assumedAccuracyMetres
            events += updateZones(
                departure, prepared: SphericalPoint(departure.coordinate), accuracyMetres: accuracy, reportedCrossing: nil,
                wasResting: wasResting)
        }
        events += updateZones(
            fix, prepared: prepared, accuracyMetres: filtered.accuracyMetres, reportedCrossing: reportedCrossing,
            wasResting: wasResting)
        updateFarFromHome(
            at: fix.t, speed: filtered.smoothedSpeedMetresPerSecond, coordinate: fix.coordinate, localTime: localTime,
            events: &events)
        reportWandering(wanderingChange, at: fix.t, coordinate: fix.coordinate, localTime: localTime, events: &events)
        reportRawEpisode(aimlessChange, told: \.reportedAimlessWalk, events: &events)
        if reportRawEpisode(pacingChange, told: \.reportedPacing, events: &events) {
            // The shape window still holds the corridor: it must not tell the same pacing again.
            wanderingDetector.resetPath()
        }
        events += evaluateClock(now: fix.t, utcOffsetSeconds: fix.utcOffsetSeconds)
        return events
    }

    /// Updates every zone's membership with one used fix and says what changed; also keeps the
    /// distance from home.
    private mutating func updateZones(
        _ fix: Fix, prepared: SphericalPoint, accuracyMetres: Double, reportedCrossing: ReportedCrossing?, wasResting: Bool
    ) -> [GeoEvent] {
        var events: [GeoEvent] = []
        distanceFromHomeMetres = nil
        for index in zones.indices {
            // Properties are read in place: copying a whole zone per fix costs reference counting.
            if zones[index].isHome, distanceFromHomeMetres == nil {
                distanceFromHomeMetres = zones[index].shape.distanceFromCenterMetres(to: prepared)
            }
            let reported = reportedCrossing.flatMap { $0.zoneId == zones[index].id ? $0.direction : nil }
            let transition = memberships[index].update(
                signedDistanceMetres: zones[index].shape.signedDistanceToEdgeMetres(from: prepared),
                accuracyMetres: accuracyMetres, at: fix.t, configuration: configuration, reported: reported,
                wasResting: wasResting)
            guard let transition, isActive(index, at: fix.t, personUTCOffsetSeconds: fix.utcOffsetSeconds) else { continue }
            events += self.events(of: transition, ofZone: index, utcOffsetSeconds: fix.utcOffsetSeconds)
        }
        return events
    }

    /// The events of zone `index`'s membership `transition`.
    /// The events of `transition` of zone `index`; coming home or leaving it at night also sets
    /// whether the person is out after a night departure (what far-from-home weighs before a routine).
    private mutating func events(of transition: ZoneTransition, ofZone index: Int, utcOffsetSeconds: Int) -> [GeoEvent] {
        let zone = zones[index]
        switch transition {
        case .entered:
            if zone.isHome { departedHomeAtNight = false }
            return [.enteredZone(zoneId: zone.id)]
        case .left(let at):
            let atNight = zone.isHome && isNight(LocalTime(t: at, utcOffsetSeconds: utcOffsetSeconds))
            if atNight { departedHomeAtNight = true }
            return [.leftZone(zoneId: zone.id)] + (atNight ? [.leftHomeAtNight(zoneId: zone.id)] : [])
        }
    }

    /// Lets the zones the person is outside of count a fix the filter held back as a jump towards
    /// an entry (see `ZoneMembership.updateHeldBack`): a sparse phone's return of two or three fixes
    /// would otherwise end before the filter trusts the new place, and the exit would stay open.
    private mutating func applyHeldBack(_ fix: Fix, prepared: SphericalPoint) -> [GeoEvent] {
        let accuracy = fix.accuracy.map { $0 >= 0 ? $0 : configuration.assumedAccuracyMetres } ?? configuration.assumedAccuracyMetres
        var events: [GeoEvent] = []
        for index in zones.indices where memberships[index].presence == .outside {
            let transition = memberships[index].updateHeldBack(
                signedDistanceMetres: zones[index].shape.signedDistanceToEdgeMetres(from: prepared), accuracyMetres: accuracy,
                at: fix.t, configuration: configuration)
            guard let transition, isActive(index, at: fix.t, personUTCOffsetSeconds: fix.utcOffsetSeconds) else { continue }
            events += self.events(of: transition, ofZone: index, utcOffsetSeconds: fix.utcOffsetSeconds)
        }
        return events
    }

    /// Weighs a crossing the phone reported on a fix the filter has already seen: only the reported
    /// zone's membership takes it, on the fix's own position and accuracy, by the same rules.
    private mutating func applyReported(_ crossing: ReportedCrossing, at fix: Fix, prepared: SphericalPoint) -> [GeoEvent] {
        guard let index = zones.firstIndex(where: { $0.id == crossing.zoneId }) else { return [] }
        let accuracy = fix.accuracy.map { $0 >= 0 ? $0 : configuration.assumedAccuracyMetres } ?? configuration.assumedAccuracyMetres
        let transition = memberships[index].confirmReported(
            crossing.direction, distance: zones[index].shape.signedDistanceToEdgeMetres(from: prepared), accuracy: accuracy, at: fix.t)
        guard let transition, isActive(index, at: fix.t, personUTCOffsetSeconds: fix.utcOffsetSeconds) else { return [] }
        return events(of: transition, ofZone: index, utcOffsetSeconds: fix.utcOffsetSeconds)
    }

    /// Whether zone `index`'s schedule is open at `t`, read in the zone's own time zone.
    private func isActive(_ index: Int, at t: UnixSeconds, personUTCOffsetSeconds: Int) -> Bool {
        zones[index].schedule == nil
            || zones[index].isActive(at: zones[index].localTime(at: t, personUTCOffsetSeconds: personUTCOffsetSeconds))
    }

    /// Checks the time-based rules ("at home by 22:00") at `now` without a new fix. The first call only
    /// starts the clock; a deadline fires when it falls after the previous call (or fix) and by `now`.
    public mutating func evaluateClock(now: UnixSeconds, utcOffsetSeconds: Int) -> [GeoEvent] {
        guard let previous = clockSeconds else {
            clockSeconds = now
            return []
        }
        guard now > previous else { return [] }
        clockSeconds = now
        var events: [GeoEvent] = []
        for index in zones.indices {
            guard let rule = zones[index].expectedPresence else { continue }
            let offset = zones[index].timeZoneOffsets?.utcOffsetSeconds(at: now) ?? utcOffsetSeconds
            let today = LocalTime(t: now, utcOffsetSeconds: offset).dayNumber
            let crossed = [today, today - 1].contains { day in
                let deadline = LocalTime.moment(dayNumber: day, secondOfDay: rule.deadlineSecondOfDay, utcOffsetSeconds: offset)
                let weekday = LocalTime(t: deadline, utcOffsetSeconds: offset).weekday
                return deadline > previous && deadline <= now && rule.days.contains(weekday)
            }
            if crossed, memberships[index].presence != .inside {
                events.append(.expectedMissed(zoneId: zones[index].id))
            }
        }
        return events
    }

    /// The evidence of the exit from zone `zoneId` decided at the last fix (read right after the
    /// `leftZone` event): the fixes since the first that counted, the worst accuracy, how long and
    /// how far beyond the line.
    public func evidence(ofExitFrom zoneId: String) -> DecisionEvidence? {
        guard let index = zones.firstIndex(where: { $0.id == zoneId }), let last = lastFiltered else { return nil }
        let decided = memberships[index].decidedExit
        let fixes = evidenceFixes(since: decided.since)
        let worst = max(memberships[index].exitEvidenceWorstAccuracyMetres, fixes.compactMap(\.accuracy).max() ?? 0)
        return DecisionEvidence(
            fixes: fixes, worstAccuracyMetres: worst > 0 ? worst : nil, secondsBeyond: max(0, last.t - decided.since),
            metresBeyond: max(0, decided.farthestMetres), routine: nil)
    }

    /// The evidence of the far-from-home alert (`farFromHome`) or the shape episode reported at the
    /// last fix: the fixes since it began, how long, how far beyond `farFromHomeMetres`, and what the
    /// routine said of the place and hour.
    public func evidenceOfWandering(farFromHome: Bool) -> DecisionEvidence? {
        guard let last = lastFiltered else { return nil }
        let shapeSince = reportedAimlessWalk ? aimlessWalkDetector.episode?.since
            : reportedPacing ? pacingDetector.episode?.since : wanderingDetector.episode?.since
        let since = (farFromHome ? farFromHomeSince : shapeSince) ?? last.t
        let fixes = evidenceFixes(since: since)
        var metres: Double?
        if farFromHome, let limit = configuration.farFromHomeMetres, let distance = distanceFromHomeMetres {
            metres = max(0, distance - limit)
        }
        let time = LocalTime(t: last.t, utcOffsetSeconds: last.utcOffsetSeconds)
        let learnedDays = configuration.learnsRoutine ? max(0, routine.daysBefore(time.dayNumber)) : 0
        let routineBreak = DecisionEvidence.RoutineBreak(
            learnedDays: learnedDays,
            trusted: configuration.learnsRoutine && learnedDays >= configuration.routineMinimumDays,
            usualHere: isUsual(last.coordinate, at: time), hour: min(23, Int(time.secondOfDay / 3_600)),
            unusualPlace: routine.unusualPlace(containing: last.coordinate))
        return DecisionEvidence(
            fixes: fixes, worstAccuracyMetres: fixes.compactMap(\.accuracy).max(), secondsBeyond: max(0, last.t - since),
            metresBeyond: metres, routine: routineBreak)
    }

    /// The last fixes taken at or after `since` (the last one at least).
    private func evidenceFixes(since: UnixSeconds) -> [Fix] {
        let all = recentFixes.elements
        let kept = all.filter { $0.t >= since }
        return kept.isEmpty ? Array(all.suffix(1)) : kept
    }

    /// The shape measures of the recent path, or nil while it is too short to judge.
    public var recentPathFeatures: TrajectoryFeatures? { wanderingDetector.currentFeatures(configuration: configuration) }

    /// What guardians see now.
    public var status: PersonStatus {
        let current = zones.indices.first { memberships[$0].presence == .inside }
        let home = zones.indices.first { zones[$0].isHome }
        var timeAway: Double?
        if let home, let since = memberships[home].outsideSince, let last = lastFiltered {
            timeAway = max(0, last.t - since)
        }
        var stay: StayPoint?
        if stayDetector.isStaying, let center = stayDetector.center, let since = stayDetector.since,
           let plane = filter.projection {
            stay = StayPoint(center: plane.unproject(center), since: since)
        }
        let farEpisode = farFromHomeSince.map { Wandering(pattern: .farFromHome, since: $0, score: farFromHomeScore) }
        return PersonStatus(
            state: motionState,
            zoneId: current.map { zones[$0].id },
            zoneName: current.map { zones[$0].name },
            wandering: toldShapeEpisode ?? farEpisode,
            distanceFromHomeMetres: distanceFromHomeMetres,
            timeAwaySeconds: timeAway,
            smoothedSpeedMetresPerSecond: filter.smoothedSpeedMetresPerSecond,
            stay: stay,
            lastGoodFix: lastFiltered)
    }

    /// Whether the path should not be shaped now: the person is stationary and the smoothed path
    /// did not grow by `shapeWalkingPathSpeedMetresPerSecond` over `shapeWalkingWindowSeconds`.
    private func isRestingForShape(at t: UnixSeconds) -> Bool {
        guard motionState == .stationary else { return false }
        return wanderingDetector.recentPathSpeed(
            over: configuration.shapeWalkingWindowSeconds, now: t, stepMetres: configuration.pathStepMetres)
            < configuration.shapeWalkingPathSpeedMetresPerSecond
    }

    private mutating func updateMotionState(speed: Double, at t: UnixSeconds, events: inout [GeoEvent]) {
        var next = motionState
        if speed >= configuration.movingSpeedMetresPerSecond {
            next = .moving
            slowSince = nil
        } else {
            if speed < configuration.stationarySpeedMetresPerSecond {
                let since = slowSince ?? t
                slowSince = since
                if t - since >= configuration.stationaryConfirmSeconds { next = .stationary }
            } else {
                slowSince = nil
            }
        }
        if next != motionState {
            motionState = next
            events.append(.stateChanged(next))
        }
    }

    /// Whether the person is on their learned routine here and now; nil while the routine is not
    /// learned yet (or learning is off).
    private func isOnRoutine(_ coordinate: Coordinate, at time: LocalTime) -> Bool? {
        guard configuration.learnsRoutine, routine.daysBefore(time.dayNumber) >= configuration.routineMinimumDays else {
            return nil
        }
        return isUsual(coordinate, at: time)
    }

    /// Whether the routine has seen the person here at this time of day on enough earlier days,
    /// learned or not yet (what is usual is known from the first such days; what is not, only later).
    private func isUsual(_ coordinate: Coordinate, at time: LocalTime) -> Bool {
        configuration.learnsRoutine && routine.isUsual(
            coordinate, at: time, minimumDays: configuration.routineUsualMinimumDays,
            toleranceHours: configuration.routineHourToleranceHours)
    }

    /// A shape episode is told once it has lasted `wanderingReportAfterSeconds` somewhere not usual
    /// for the person at that time, or at once when its laps or back-and-forths are beyond doubt
    /// (`WanderingDetector.repetitionIsClear`); its end is told only when its start was.
    private mutating func reportWandering(
        _ change: WanderingChange?, at t: UnixSeconds, coordinate: Coordinate, localTime: LocalTime,
        events: inout [GeoEvent]
    ) {
        if case .ended = change {
            if reportedWandering { tellShapeEpisodeEnded(events: &events) }
            reportedWandering = false
            return
        }
        guard !reportedWandering, !reportedAimlessWalk, !reportedPacing, wanderingDetector.episode != nil,
              wanderingDetector.lastSupportedAt == t,
              let episode = wanderingDetector.episode else { return }
        // Laps or back-and-forths beyond doubt are told at once, wherever the person is.
        let clear = wanderingDetector.repetitionIsClear && episode.pattern != .random
        guard clear || wanderingDetector.episodeEvidenceSeconds >= configuration.wanderingReportAfterSeconds else { return }
        if !clear, isUsual(coordinate, at: localTime), wanderingDetector.episodeEvidenceSeconds
            < configuration.wanderingReportAfterSeconds * max(1, configuration.wanderingUsualPlaceEvidenceFactor) {
            return
        }
        reportedWandering = true
        tellShapeEpisodeStarted(episode, events: &events)
    }

    /// Tells a shape episode's start, or holds its alert back while far from home is told (the
    /// family already has a wandering alert for this outing; the status still shows the shape).
    private mutating func tellShapeEpisodeStarted(_ episode: Wandering, events: inout [GeoEvent]) {
        if coversShapeEpisodes {
            shapeEpisodeHeldBack = true
        } else {
            events.append(.wanderingStarted(pattern: episode.pattern, score: episode.score))
        }
    }

    /// Tells a shape episode's end, unless its start was held back (then there is no alert to end).
    private mutating func tellShapeEpisodeEnded(events: inout [GeoEvent]) {
        if shapeEpisodeHeldBack {
            shapeEpisodeHeldBack = false
        } else {
            events.append(.wanderingEnded)
        }
    }

    /// Far from home's alert is open and the person is still unexplained far from home: a shape
    /// episode beginning now is the same outing (a night's walk far from home that turns to laps).
    private var coversShapeEpisodes: Bool { farFromHomeSince != nil && farFromHomeUnexplained }

    /// Far from home stopped covering a shape episode whose alert was held back (it ended, or the
    /// person is somewhere that explains it, such as by day before the routine): an episode still
    /// under way (the raw detectors' always are; the path shape's when this fix supported it) is
    /// told now; a path shape no fix supports any more is forgotten, to be told afresh if it shows
    /// again (a walk home is not the night's wandering).
    private mutating func releaseHeldBackShapeEpisode(at t: UnixSeconds, events: inout [GeoEvent]) {
        shapeEpisodeHeldBack = false
        if reportedWandering, wanderingDetector.lastSupportedAt != t {
            reportedWandering = false
            return
        }
        if let episode = toldShapeEpisode {
            events.append(.wanderingStarted(pattern: episode.pattern, score: episode.score))
        }
    }

    /// The shape episode told now, if any.
    private var toldShapeEpisode: Wandering? {
        (reportedWandering ? wanderingDetector.episode : nil)
            ?? (reportedAimlessWalk ? aimlessWalkDetector.episode : nil)
            ?? (reportedPacing ? pacingDetector.episode : nil)
    }

    /// An episode found from the raw fixes (an aimless walk, `AimlessWalkDetector`, told as random
    /// wandering; pacing along a short corridor, `PacingDetector`) is told when it starts while no
    /// other episode is told, `told` remembering it; its end is told only when its start was. Says
    /// whether an end was told.
    @discardableResult
    private mutating func reportRawEpisode(
        _ change: WanderingChange?, told: WritableKeyPath<PersonTracker, Bool>, events: inout [GeoEvent]
    ) -> Bool {
        switch change {
        case .started(let episode)?:
            guard !reportedWandering, !reportedAimlessWalk, !reportedPacing else { return false }
            self[keyPath: told] = true
            tellShapeEpisodeStarted(episode, events: &events)
            return false
        case .ended?:
            guard self[keyPath: told] else { return false }
            self[keyPath: told] = false
            tellShapeEpisodeEnded(events: &events)
            return true
        case nil:
            return false
        }
    }

    /// Being somewhere usual for this time, or off the routine by day (or, before the routine is
    /// learned, on any trip that did not leave home at night) restarts the clock as riding in a
    /// vehicle does; also says whether far from home's alert covers a shape episode now.
    private mutating func updateFarFromHome(
        at t: UnixSeconds, speed: Double, coordinate: Coordinate, localTime: LocalTime, events: inout [GeoEvent]
    ) {
        let insideSomeZone = memberships.contains { $0.presence == .inside }
        var beyondDistance = false
        if let limit = configuration.farFromHomeMetres, let distance = distanceFromHomeMetres {
            let hysteresis = farFromHomeSince == nil ? 0 : configuration.farFromHomeHysteresisMetres
            beyondDistance = distance > limit - hysteresis
        }
        var outsideTooLong = false
        if let limit = configuration.maxSecondsOutsideZones, !zones.isEmpty,
           memberships.allSatisfy({ $0.presence == .outside }) {
            let leftAll = memberships.compactMap(\.outsideSince).max() ?? t
            outsideTooLong = t - leftAll > limit
        }
        let far = !insideSomeZone && (beyondDistance || outsideTooLong)
        guard far else {
            farCandidateSince = nil
            farFromHomeUnexplained = false
            if farFromHomeSince != nil {
                farFromHomeSince = nil
                events.append(.farFromHomeEnded)
            }
            if shapeEpisodeHeldBack { releaseHeldBackShapeEpisode(at: t, events: &events) }
            return
        }
        // Riding in a vehicle restarts the clock: being driven is not wandering off. Once the routine
        // is learned, being off it counts at night or after a night departure (unless the person is
        // habitually away from home at this hour); by day a trip off the
        // routine (a new shop, a friend's flat) is not an alarm by itself, unless it is in a place a
        // guardian marked not usual: aimlessness anywhere is what the shape classes judge.
        let nightDeparture = departedHomeAtNight && isNightOrJustAfter(localTime)
        let excused: Bool
        if outsideTooLong {
            excused = false
        } else if let onRoutine = isOnRoutine(coordinate, at: localTime) {
            // Someone out at this hour on evening after evening is not off their routine by being
            // out, wherever they are (a night departure was raised as such when it happened).
            let unusualPlace = routine.isInUnusualPlace(coordinate)
            let habituallyOut = routine.daysAwayFromHome(near: localTime, toleranceHours: configuration.routineHourToleranceHours)
                >= configuration.routineUsualMinimumDays
            excused = onRoutine || !(nightDeparture || isNight(localTime) || unusualPlace) || (habituallyOut && !unusualPlace)
        } else {
            // Before the routine is trusted, only a night departure counts, and not to a place the
            // person has been at this hour on earlier days (what is usual is known early).
            excused = !nightDeparture || isUsual(coordinate, at: localTime)
        }
        if let limit = configuration.farFromHomeMetres, let distance = distanceFromHomeMetres {
            farFromHomeScore = min(1, distance / (2 * limit))
        } else {
            farFromHomeScore = 1
        }
        // The clock starts at the first fix that counts, not at the last excused one: after an
        // afternoon somewhere usual and hours of silence, one fix at night is not five minutes far.
        let counts = speed < configuration.farFromHomeMaxSpeedMetresPerSecond && !excused
        let since = counts ? farCandidateSince ?? t : t
        farCandidateSince = counts ? since : nil
        if farFromHomeSince == nil, outsideTooLong || (counts && t - since >= configuration.farFromHomeConfirmSeconds) {
            farFromHomeSince = since
            events.append(.farFromHome(distanceMetres: distanceFromHomeMetres ?? 0))
        }
        farFromHomeUnexplained = !excused
        if shapeEpisodeHeldBack, !coversShapeEpisodes { releaseHeldBackShapeEpisode(at: t, events: &events) }
    }

    /// Whether `time` is at night or less than `nightDepartureAfterNightSeconds` after it ended.
    private func isNightOrJustAfter(_ time: LocalTime) -> Bool {
        if isNight(time) { return true }
        let sinceEnd = (time.secondOfDay - configuration.nightEndSecondOfDay + 86_400).truncatingRemainder(dividingBy: 86_400)
        return sinceEnd < configuration.nightDepartureAfterNightSeconds
    }

    private func isNight(_ time: LocalTime) -> Bool {
        let start = configuration.nightStartSecondOfDay, end = configuration.nightEndSecondOfDay
        return start <= end
            ? time.secondOfDay >= start && time.secondOfDay < end
            : time.secondOfDay >= start || time.secondOfDay < end
    }
}
