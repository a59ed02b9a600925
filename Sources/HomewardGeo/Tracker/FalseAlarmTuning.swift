#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// How the false alarms guardians marked for one person tune that person's thresholds: each marked
/// alert of a kind takes one step (at most `maxSteps` a kind), and each step asks for more before
/// that kind is raised again.
///
/// - `left_zone`: the exit needs 1.5× the evidence, the hold time and the wait near the line, and
///   the margin beyond the fix's accuracy grows by 10 m.
/// - shape wandering: it must last 1.5× as long and be classified once more before it is told, and
///   an aimless walk must gather 1.5× the evidence.
/// - `far_from_home`: 1.25× the distance and 1.5× the confirmation time.
public struct FalseAlarmTuning: Sendable, Equatable, Codable {
    /// `left_zone` alerts marked false alarms.
    public var zoneExits: Int
    /// Shape wandering alerts (lapping, pacing, random, aimless walks among them) marked false alarms.
    public var wandering: Int
    /// `far_from_home` alerts marked false alarms.
    public var farFromHome: Int
    /// Steps at most per kind: the thresholds stop growing there, so no number of marks silences a kind.
    public var maxSteps: Int

    /// No false alarms yet (the defaults unchanged).
    public init(zoneExits: Int = 0, wandering: Int = 0, farFromHome: Int = 0, maxSteps: Int = 3) {
        self.zoneExits = zoneExits
        self.wandering = wandering
        self.farFromHome = farFromHome
        self.maxSteps = maxSteps
    }

    /// `base` with the steps applied.
    public func applied(to base: TrackerConfiguration) -> TrackerConfiguration {
        var tuned = base
        let zone = Double(min(max(0, zoneExits), maxSteps))
        tuned.exitEvidenceRequiredSeconds *= pow(1.5, zone)
        tuned.exitHoldSeconds *= pow(1.5, zone)
        tuned.exitNearWaitSeconds *= pow(1.5, zone)
        tuned.exitEvidenceMarginMetres += 10 * zone
        let shape = min(max(0, wandering), maxSteps)
        tuned.wanderingReportAfterSeconds *= pow(1.5, Double(shape))
        tuned.wanderingConfirmClassifications += shape
        tuned.aimlessReportAfterSeconds *= pow(1.5, Double(shape))
        let far = Double(min(max(0, farFromHome), maxSteps))
        tuned.farFromHomeMetres = base.farFromHomeMetres.map { $0 * pow(1.25, far) }
        tuned.farFromHomeConfirmSeconds *= pow(1.5, far)
        return tuned
    }
}
