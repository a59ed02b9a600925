/// How often one phone reports, learned from its own reports: the gaps between them, apart for while
/// it moves and while it stays still (many phones report every few seconds on the move and only a
/// heartbeat, or nothing at all, while still), and the trend of its battery. `assess` tells a phone
/// that is still and fine from one that has gone silent and from one whose battery is about to die.
///
/// Fed in time order (a report as old as the last is ignored); O(1) memory, a few hundred bytes.
public struct ReportingRhythm: Sendable, Equatable {
    /// One report of the phone: a fix, with what it said of its speed and battery.
    public struct Report: Sendable, Equatable {
        /// When it was taken.
        public var t: UnixSeconds
        /// Where.
        public var coordinate: Coordinate
        /// Horizontal accuracy in metres, if said.
        public var accuracyMetres: Double?
        /// Speed in metres per second, if said.
        public var speedMetresPerSecond: Double?
        /// Battery charge in percent, if said.
        public var batteryPercent: Double?
        /// False for a fix ingest flagged (poor accuracy, a jump): it counts as a report, not as movement.
        public var isReliable: Bool

        /// Creates a report.
        public init(
            t: UnixSeconds, coordinate: Coordinate, accuracyMetres: Double? = nil, speedMetresPerSecond: Double? = nil,
            batteryPercent: Double? = nil, isReliable: Bool = true
        ) {
            self.t = t
            self.coordinate = coordinate
            self.accuracyMetres = accuracyMetres
            self.speedMetresPerSecond = speedMetresPerSecond
            self.batteryPercent = batteryPercent
            self.isReliable = isReliable
        }
    }

    private struct BatteryReading: Sendable, Equatable {
        var t: UnixSeconds
        var percent: Double
    }

    /// The thresholds.
    public let configuration: ReportingConfiguration
    private var stillGaps: [Double] = []
    private var movingGaps: [Double] = []
    private var battery: [BatteryReading] = []
    private var lastReport: Report?
    private var lastMotion: ReportingMotion?
    private var anchor: Coordinate?
    private var anchorAccuracyMetres = 0.0
    private var lastMovedAt: UnixSeconds?

    /// An empty rhythm.
    public init(configuration: ReportingConfiguration = ReportingConfiguration()) {
        self.configuration = configuration
    }

    /// When the phone last reported.
    public var lastReportAt: UnixSeconds? { lastReport?.t }

    /// How many gaps it has learned while moving and while still.
    public var learnedGaps: (moving: Int, still: Int) { (movingGaps.count, stillGaps.count) }

    /// Learns from `report`, the phone's next one.
    public mutating func record(_ report: Report) {
        if let previous = lastReport {
            guard report.t > previous.t else { return }
            learnGap(from: previous, to: report)
        }
        if report.isReliable { updateMotion(with: report) }
        if let percent = report.batteryPercent, percent.isFinite { recordBattery(percent, at: report.t) }
        lastReport = report
        lastMotion = motion(at: report.t)
    }

    /// Fine, quiet or silent at `now`, when the last sign of life from the phone (a report, or any
    /// request it made) was at `heardAt`; without one the last report counts.
    public func assess(now: UnixSeconds, heardAt: UnixSeconds? = nil) -> ReportingAssessment {
        let heard = [heardAt, lastReport?.t].compactMap { $0 }.max()
        let unheard = heard.map { max(0, now - $0) } ?? 0
        let still = usualInterval(of: stillGaps), moving = usualInterval(of: movingGaps)
        // A phone heard moving keeps its moving rhythm while it moves; unheard for longer than it
        // takes to count as still, it has most likely stopped, and its still rhythm applies.
        let movingNow = lastMotion == .moving && unheard <= configuration.stillAfterSeconds
        let usual = movingNow ? (moving ?? still) : (still ?? moving)
        let silentAfter = min(
            configuration.silentMaximumSeconds,
            max(configuration.silentMinimumSeconds,
                still.map { $0 * configuration.silentFactor + configuration.silentGraceSeconds } ?? 0))
        let quietAfter = min(silentAfter, (usual ?? silentAfter / configuration.quietFactor) * configuration.quietFactor)
        let emptyAt = batteryEmptyAt()
        // A phone whose battery has most likely run out is silent as soon as it misses its usual
        // report, not only after the limit: the guardian learns why, and sooner.
        let ranOut = heard != nil && emptyAt.map { $0 <= now } == true
            && unheard > max(quietAfter, configuration.silentGraceSeconds)
        let state: ReportingState = heard == nil ? .fine
            : unheard > silentAfter || ranOut ? .silent
            : unheard > quietAfter ? .quiet : .fine
        return ReportingAssessment(
            state: state, motion: lastMotion, usualIntervalSeconds: usual, silentAfterSeconds: silentAfter,
            unheardSeconds: unheard, batteryEmptyAt: emptyAt, batteryPercent: battery.last?.percent,
            batteryRanOut: state == .silent && emptyAt.map { $0 <= now } == true)
    }

    // MARK: Gaps

    private mutating func learnGap(from previous: Report, to report: Report) {
        let gap = report.t - previous.t
        guard gap <= configuration.silentMaximumSeconds else { return }
        if let percent = previous.batteryPercent, percent <= configuration.batteryDeadPercent { return }
        // The gap belongs to the motion the phone was in when it chose when to report next; a phone
        // that was moving and is heard again only after it would count as still had stopped
        // meanwhile, unless it covered the distance of someone moving all along.
        let steadySpeed = Haversine.distanceMetres(from: previous.coordinate, to: report.coordinate) / gap
        let wasMoving = lastMotion == .moving
            && (gap <= configuration.stillAfterSeconds || steadySpeed >= configuration.movingSpeedMetresPerSecond / 2)
        if wasMoving {
            Self.remember(gap, in: &movingGaps, keeping: configuration.rememberedGaps)
        } else {
            Self.remember(gap, in: &stillGaps, keeping: configuration.rememberedGaps)
        }
    }

    private static func remember(_ gap: Double, in gaps: inout [Double], keeping count: Int) {
        gaps.append(gap)
        if gaps.count > max(1, count) { gaps.removeFirst(gaps.count - max(1, count)) }
    }

    private func usualInterval(of gaps: [Double]) -> Double? {
        guard gaps.count >= max(1, configuration.minimumGaps) else { return nil }
        let sorted = gaps.sorted()
        let index = Int((Double(sorted.count - 1) * min(1, max(0, configuration.usualQuantile))).rounded(.up))
        return sorted[index]
    }

    // MARK: Motion

    private func hasMoved(to report: Report) -> Bool {
        if let speed = report.speedMetresPerSecond, speed >= configuration.movingSpeedMetresPerSecond { return true }
        guard let anchor else { return false }
        // Two fixes of the same place lie apart by up to about the sum of their accuracies.
        let threshold = max(
            configuration.movedMetres, configuration.jitterFactor * (anchorAccuracyMetres + (report.accuracyMetres ?? 0)))
        return Haversine.distanceMetres(from: anchor, to: report.coordinate) > threshold
    }

    private mutating func updateMotion(with report: Report) {
        let moved = hasMoved(to: report)
        if anchor == nil || moved {
            anchor = report.coordinate
            anchorAccuracyMetres = report.accuracyMetres ?? 0
        }
        if moved { lastMovedAt = report.t }
    }

    private func motion(at t: UnixSeconds) -> ReportingMotion {
        guard let lastMovedAt, t - lastMovedAt <= configuration.stillAfterSeconds else { return .still }
        return .moving
    }

    // MARK: Battery

    private mutating func recordBattery(_ percent: Double, at t: UnixSeconds) {
        if let last = battery.last, percent >= last.percent + configuration.batteryChargingRisePercent {
            battery.removeAll()
        }
        battery.append(BatteryReading(t: t, percent: percent))
        let oldest = t - configuration.batteryWindowSeconds
        if let keep = battery.firstIndex(where: { $0.t >= oldest }), keep > 0 { battery.removeFirst(keep) }
        if battery.count > max(2, configuration.batteryReadings) {
            battery.removeFirst(battery.count - max(2, configuration.batteryReadings))
        }
    }

    /// Where the least-squares line through the discharge's readings reaches zero, each reading
    /// weighted by its recency (halved every `batteryHalfLifeSeconds`): a phone drains faster in
    /// use than in a pocket, and the latest rate is the one that will empty it.
    private func batteryEmptyAt() -> UnixSeconds? {
        guard let first = battery.first, let last = battery.last,
              last.t - first.t >= configuration.batteryMinimumSpanSeconds,
              first.percent - last.percent >= configuration.batteryMinimumDropPercent else { return nil }
        let weights = battery.map { Self.halving(last.t - $0.t, halfLife: configuration.batteryHalfLifeSeconds) }
        let total = weights.reduce(0, +)
        let meanT = zip(battery, weights).reduce(0) { $0 + $1.1 * ($1.0.t - first.t) } / total
        let meanP = zip(battery, weights).reduce(0) { $0 + $1.1 * $1.0.percent } / total
        var covariance = 0.0, variance = 0.0
        for (reading, weight) in zip(battery, weights) {
            let dt = reading.t - first.t - meanT
            covariance += weight * dt * (reading.percent - meanP)
            variance += weight * dt * dt
        }
        guard variance > 0 else { return nil }
        let slope = covariance / variance
        guard slope < 0 else { return nil }
        let emptyAt = max(last.t, first.t + meanT - meanP / slope)
        return emptyAt - last.t <= configuration.batteryHorizonSeconds ? emptyAt : nil
    }

    /// 2^(-age / halfLife), without Foundation.
    private static func halving(_ age: Double, halfLife: Double) -> Double {
        guard halfLife > 0 else { return 1 }
        var weight = 1.0
        var left = max(0, age) / halfLife
        while left >= 1 {
            weight /= 2
            left -= 1
        }
        // 2^-x for x in [0, 1) by its Taylor series in x·ln 2: close enough for a weight.
        let y = -left * 0.693_147_180_559_945_3
        return weight * (1 + y + y * y / 2 + y * y * y / 6 + y * y * y * y / 24)
    }
}
