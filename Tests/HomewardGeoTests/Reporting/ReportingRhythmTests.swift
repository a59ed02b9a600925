import Foundation
import XCTest
@testable import HomewardGeo

/// `ReportingRhythm` on phones that report the way real ones do: heartbeats every 15 minutes while
/// still and bursts while moving, silence while still until the next move, GPS noise on every fix,
/// and a battery that falls until the phone dies.
final class ReportingRhythmTests: XCTestCase {
    /// A phone carried through a day: stays and walks, reporting by its own policy.
    private struct SimulatedPhone {
        var random: SeededGenerator
        var t: Double
        var position = Coordinate(lat: 51.5007, lon: -0.1246)
        var battery = 100.0
        var rhythm = ReportingRhythm()
        var reports = 0

        init(seed: UInt64, startingAt t: Double = 1_790_000_000) {
            random = SeededGenerator(seed: seed)
            self.t = t
        }

        /// Sends one fix from where the phone is, a few metres off (accuracy 10–25 m).
        mutating func report(speed: Double?) {
            let accuracy = random.uniform(10...25)
            let north = random.gaussian(sigma: accuracy / 2), east = random.gaussian(sigma: accuracy / 2)
            let seen = Coordinate(
                lat: position.lat + north / 111_320, lon: position.lon + east / (111_320 * cos(position.lat * .pi / 180)))
            rhythm.record(ReportingRhythm.Report(
                t: t, coordinate: seen, accuracyMetres: accuracy, speedMetresPerSecond: speed, batteryPercent: battery.rounded()))
            reports += 1
        }

        /// Stays put for `seconds`: a heartbeat about every `heartbeat` seconds (± 10 %), or, with
        /// none, nothing at all (the phone sleeps until it moves again).
        mutating func stay(seconds: Double, heartbeat: Double?, drainPerHour: Double = 1.5) {
            let end = t + seconds
            while true {
                let step = heartbeat.map { $0 * random.uniform(0.9...1.1) } ?? seconds
                guard t + step < end else { break }
                pass(step, drainPerHour: drainPerHour)
                report(speed: 0)
            }
            pass(end - t, drainPerHour: drainPerHour)
        }

        /// Walks `metres` east at 1.3 m/s, a fix every `every` seconds (± 1 s), the speed reported.
        mutating func walk(metres: Double, every: Double = 5, drainPerHour: Double = 6) {
            var walked = 0.0
            report(speed: 1.3)
            while walked < metres {
                let step = every + random.uniform(-1...1)
                pass(step, drainPerHour: drainPerHour)
                walked += 1.3 * step
                position = Coordinate(
                    lat: position.lat, lon: position.lon + 1.3 * step / (111_320 * cos(position.lat * .pi / 180)))
                report(speed: 1.3 + random.gaussian(sigma: 0.2))
            }
        }

        private mutating func pass(_ seconds: Double, drainPerHour: Double) {
            t += seconds
            battery = max(0, battery - drainPerHour * seconds / 3_600)
        }

        /// An ordinary day: home, a walk to the shops, an hour there, a walk back, the afternoon at home.
        mutating func ordinaryDay(heartbeat: Double?) {
            stay(seconds: 3 * 3_600, heartbeat: heartbeat)
            walk(metres: 1_200)
            stay(seconds: 3_600, heartbeat: heartbeat)
            walk(metres: 1_200)
            stay(seconds: 4 * 3_600, heartbeat: heartbeat)
        }
    }

    func testAStillPhoneWithQuarterHourHeartbeatsIsFineThenQuietThenSilent() {
        var phone = SimulatedPhone(seed: 1)
        phone.ordinaryDay(heartbeat: 900)
        let rhythm = phone.rhythm
        let heard = rhythm.lastReportAt ?? phone.t
        let usual = rhythm.assess(now: heard + 5 * 60)
        XCTAssertEqual(usual.motion, .still)
        XCTAssertEqual(usual.usualIntervalSeconds ?? 0, 990, accuracy: 60, "the heartbeat, read from the reports")
        XCTAssertEqual(usual.state, .fine)
        XCTAssertEqual(rhythm.assess(now: heard + 20 * 60).state, .fine, "a heartbeat a few minutes late is nothing")
        XCTAssertEqual(rhythm.assess(now: heard + 28 * 60).state, .quiet)
        XCTAssertEqual(rhythm.assess(now: heard + 33 * 60).state, .quiet, "the old 30-minute rule would have raised silent here")
        XCTAssertEqual(rhythm.assess(now: heard + 40 * 60).state, .silent)
        XCTAssertFalse(rhythm.assess(now: heard + 40 * 60).batteryRanOut, "the battery was fine")
    }

    func testAPhoneThatSleepsWhileStillIsNotSilentDuringItsUsualLongStays() {
        var phone = SimulatedPhone(seed: 2)
        for _ in 0..<4 { phone.ordinaryDay(heartbeat: nil) }
        let rhythm = phone.rhythm
        let heard = rhythm.lastReportAt ?? phone.t
        let assessment = rhythm.assess(now: heard + 2 * 3_600)
        XCTAssertEqual(assessment.state, .fine, "two hours at home without a word is this phone's habit: \(assessment)")
        XCTAssertGreaterThan(assessment.usualIntervalSeconds ?? 0, 3 * 3_600)
        XCTAssertEqual(rhythm.assess(now: heard + 13 * 3_600).state, .silent, "the limit stays bounded (12 h)")
    }

    func testBurstsWhileMovingAreLearnedApartAndAPhoneThatStopsMidWalkIsQuietAtOnce() {
        var phone = SimulatedPhone(seed: 3)
        phone.ordinaryDay(heartbeat: 900)
        phone.walk(metres: 600)
        let rhythm = phone.rhythm
        let heard = rhythm.lastReportAt ?? phone.t
        let moving = rhythm.assess(now: heard + 3)
        XCTAssertEqual(moving.motion, .moving)
        XCTAssertEqual(moving.usualIntervalSeconds ?? 0, 6, accuracy: 1.5, "bursts every 5 s")
        XCTAssertEqual(moving.state, .fine)
        XCTAssertEqual(rhythm.assess(now: heard + 60).state, .quiet, "a walking phone a minute late is unusual")
        XCTAssertEqual(rhythm.assess(now: heard + 20 * 60).state, .fine, "unheard for minutes it has most likely stopped")
        XCTAssertEqual(rhythm.assess(now: heard + 28 * 60).state, .quiet, "and then it is late for its still heartbeat")
        XCTAssertEqual(rhythm.assess(now: heard + 40 * 60).state, .silent)
        XCTAssertGreaterThan(rhythm.learnedGaps.moving, 40)
        XCTAssertGreaterThan(rhythm.learnedGaps.still, 20)
    }

    func testGPSJitterAroundAStillPhoneIsNotMovement() {
        var phone = SimulatedPhone(seed: 4)
        phone.stay(seconds: 6 * 3_600, heartbeat: 120)
        let assessment = phone.rhythm.assess(now: phone.t)
        XCTAssertEqual(assessment.motion, .still)
        XCTAssertEqual(phone.rhythm.learnedGaps.moving, 0, "every gap was a still one: \(phone.rhythm.learnedGaps)")
    }

    func testAPhoneWhoseBatteryRunsOutIsSilentSoonerAndSaysWhy() throws {
        var phone = SimulatedPhone(seed: 5)
        phone.battery = 40
        phone.ordinaryDay(heartbeat: 900)
        // The afternoon at home drained it: a video call at 12 % an hour until it died.
        while phone.battery > 1 {
            phone.stay(seconds: 900, heartbeat: nil, drainPerHour: 12)
            phone.report(speed: 0)
        }
        let rhythm = phone.rhythm
        let heard = try XCTUnwrap(rhythm.lastReportAt)
        let reporting = rhythm.assess(now: heard + 60)
        let emptyAt = try XCTUnwrap(reporting.batteryEmptyAt, "a falling battery gives an estimate")
        XCTAssertEqual(emptyAt, heard + 5 * 60, accuracy: 10 * 60, "1 % at 12 % an hour: about 5 minutes left")
        XCTAssertEqual(reporting.state, .fine)
        let dead = rhythm.assess(now: heard + 25 * 60)
        XCTAssertEqual(dead.state, .silent, "past the estimate and a missed heartbeat: silent before the 35-minute limit")
        XCTAssertTrue(dead.batteryRanOut)
    }

    func testChargingStartsTheTrendAgainAndAFullBatteryGivesNoEstimate() {
        var rhythm = ReportingRhythm()
        let start = 1_790_000_000.0
        for (minute, percent) in [(0, 60.0), (15, 58), (30, 56), (45, 54), (60, 52)] {
            rhythm.record(.init(t: start + Double(minute) * 60, coordinate: Coordinate(lat: 51.5, lon: -0.12), batteryPercent: percent))
        }
        XCTAssertEqual(rhythm.assess(now: start + 3_600).batteryEmptyAt ?? 0, start + 3_600 + 52 / 8 * 3_600, accuracy: 60)
        rhythm.record(.init(t: start + 75 * 60, coordinate: Coordinate(lat: 51.5, lon: -0.12), batteryPercent: 70))
        XCTAssertNil(rhythm.assess(now: start + 75 * 60).batteryEmptyAt, "on the charger")
    }

    func testUntilItHasLearnedTheLimitIsTheConfiguredOne() {
        var rhythm = ReportingRhythm()
        let start = 1_790_000_000.0
        for index in 0..<3 {
            rhythm.record(.init(t: start + Double(index) * 900, coordinate: Coordinate(lat: 51.5, lon: -0.12)))
        }
        let heard = start + 1_800
        XCTAssertNil(rhythm.assess(now: heard).usualIntervalSeconds)
        XCTAssertEqual(rhythm.assess(now: heard + 1_799).state, .fine)
        XCTAssertEqual(rhythm.assess(now: heard + 1_801).state, .silent)
        XCTAssertEqual(rhythm.assess(now: heard + 1_801, heardAt: heard + 1_000).state, .fine, "any sign of life counts")
        XCTAssertEqual(ReportingRhythm().assess(now: start).state, .fine, "a phone never heard is not silent")
    }

    func testOutagesAndADeadPhonesSilenceAreNotLearnedAsRhythm() {
        var rhythm = ReportingRhythm()
        let start = 1_790_000_000.0
        var t = start
        let place = Coordinate(lat: 51.5, lon: -0.12)
        for _ in 0..<10 {
            t += 600
            rhythm.record(.init(t: t, coordinate: place, batteryPercent: 80))
        }
        t += 20 * 3_600
        rhythm.record(.init(t: t, coordinate: place, batteryPercent: 80))
        t += 600
        rhythm.record(.init(t: t, coordinate: place, batteryPercent: 2))
        t += 5 * 3_600
        rhythm.record(.init(t: t, coordinate: place, batteryPercent: 40))
        XCTAssertEqual(rhythm.learnedGaps.still, 10, "the 20-hour outage and the dead phone's 5 hours are left out")
        XCTAssertEqual(rhythm.assess(now: t).usualIntervalSeconds, 600)
    }
}
