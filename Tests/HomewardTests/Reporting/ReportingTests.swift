import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// A phone's reporting rhythm over the real server: fixes posted as the phone would post them, the
/// server's clock moved along with them, the periodic checks run every five minutes, and the
/// guardian reading `status.reporting`.
final class ReportingTests: XCTestCase {
    private let home = (lat: 51.5007, lon: -0.1246)

    /// A phone that posts its fixes one at a time, as it takes them, with the server's clock
    /// following, and the background checks run every five minutes of that clock.
    private final class Phone {
        let test: TestApp
        let account: TestApp.Account
        let client: HTTPTestClient
        var random = SeededNoise(seed: 11)
        var battery = 80.0
        var nextCheck: Timestamp
        var lastPost: Timestamp

        init(test: TestApp, account: TestApp.Account, client: HTTPTestClient) {
            self.test = test
            self.account = account
            self.client = client
            nextCheck = test.clock.now()
            lastPost = test.clock.now()
        }

        /// Lets time pass until `seconds` after the last post.
        func wait(untilSecondsAfterLastPost seconds: Double) throws {
            try wait(Double(lastPost.unixMilliseconds - test.clock.now().unixMilliseconds) / 1000 + seconds)
        }

        /// Lets `seconds` pass (checks run on the way), draining the battery at `drainPerHour`.
        func wait(_ seconds: Double, drainPerHour: Double = 1.5) throws {
            let end = test.clock.now().adding(milliseconds: Int64(seconds * 1000))
            while nextCheck <= end {
                test.clock.set(to: nextCheck)
                try test.app.alertMonitor.runChecks()
                nextCheck = nextCheck.adding(milliseconds: 300_000)
            }
            test.clock.set(to: end)
            battery = max(0, battery - drainPerHour * seconds / 3_600)
        }

        /// Posts one fix taken now at `lat`, `lon` (a few metres off, as GPS is).
        func post(lat: Double, lon: Double, speed: Double = 0) throws {
            let t = Double(test.clock.now().unixMilliseconds) / 1000
            let sample = API.LocationSample(
                t: t, lat: lat + random.next(within: 8) / 111_320, lon: lon + random.next(within: 8) / 69_000,
                accuracy: 15, speed: speed, battery: battery.rounded())
            let answer = try client.execute(
                .post, "/v1/locations", headers: account.auth, body: JSONBody.encode(API.LocationBatch(samples: [sample])))
            XCTAssertEqual(answer.status.code, 200, answer.text)
            lastPost = test.clock.now()
        }

        /// Stays at `place` for `seconds`, posting a heartbeat every `heartbeat` seconds (± 30 s).
        func stay(at place: (lat: Double, lon: Double), seconds: Double, heartbeat: Double, drainPerHour: Double = 1.5) throws {
            var left = seconds
            while true {
                let step = heartbeat + random.next(within: 30)
                guard step <= left else { break }
                try wait(step, drainPerHour: drainPerHour)
                try post(lat: place.lat, lon: place.lon)
                left -= step
            }
            try wait(left, drainPerHour: drainPerHour)
        }

        /// Walks `metres` north of `place` and back, a fix every 5 s.
        func walk(from place: (lat: Double, lon: Double), metres: Double) throws {
            var north = 0.0
            for leg in [1.0, -1.0] {
                for _ in 0..<Int(metres / 6.5) {
                    try wait(5, drainPerHour: 6)
                    north += leg * 6.5
                    try post(lat: place.lat + north / 111_320, lon: place.lon, speed: 1.3)
                }
            }
        }
    }

    private func reporting(_ client: HTTPTestClient, of person: TestApp.Account, by guardian: TestApp.Account) throws -> API.Reporting {
        let answer = try client.execute(.get, "/v1/accounts/\(person.id)/location", headers: guardian.auth)
        XCTAssertEqual(answer.status.code, 200, answer.text)
        return try XCTUnwrap(try answer.decode(API.Person.self).status.reporting, answer.text)
    }

    private func silentAlerts(_ test: TestApp, of person: TestApp.Account) throws -> [(status: String, message: String)] {
        try test.app.database.read { db in
            try db.fetchAll("SELECT status, message FROM alerts WHERE account_key = ? AND type = 'silent' ORDER BY key", [person.key]) { row in
                (status: try row.value(at: 0) as String, message: try row.value(at: 1) as String)
            }
        }
    }

    private func makeHome(_ test: TestApp, for person: TestApp.Account, by guardian: TestApp.Account, _ client: HTTPTestClient) throws {
        let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: home.lat, lon: home.lon, radius: 100, home: true))
        XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: guardian.auth, body: zone).status.code, 201)
    }

    func testAStillPhoneWithQuarterHourHeartbeatsIsFineAndOnlyASilenceBeyondItsHabitRaisesSilent() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        let person = try test.makeAccount(name: "Person")
        try test.link(guardian: guardian, dependent: person)
        try test.withClient(.inProcess) { client in
            try makeHome(test, for: person, by: guardian, client)
            let phone = Phone(test: test, account: person, client: client)
            try phone.post(lat: home.lat, lon: home.lon)
            try phone.stay(at: home, seconds: 3 * 3_600, heartbeat: 900)
            try phone.walk(from: home, metres: 600)
            try phone.stay(at: home, seconds: 3 * 3_600, heartbeat: 900)
            XCTAssertEqual(try silentAlerts(test, of: person).count, 0, "a day of ordinary reports")
            let fine = try reporting(client, of: person, by: guardian)
            XCTAssertEqual(fine.motion, .value("still"))
            XCTAssertEqual(Double(fine.usualIntervalSeconds.value ?? 0), 930, accuracy: 30)
            XCTAssertEqual(fine.silentAfterSeconds, 2_160, accuracy: 60, "twice the heartbeat and five minutes")
            XCTAssertTrue(fine.batteryEmptyAt.isNull, "a battery falling 1.5 % an hour is not about to die")
            // The phone stops reporting while still: late, then quiet, and silent only past its limit.
            try phone.wait(untilSecondsAfterLastPost: 33 * 60)
            XCTAssertEqual(try reporting(client, of: person, by: guardian).state, "quiet")
            XCTAssertEqual(try silentAlerts(test, of: person).count, 0, "the fixed 30-minute rule would have raised silent by now")
            try phone.wait(untilSecondsAfterLastPost: 42 * 60)
            XCTAssertEqual(try reporting(client, of: person, by: guardian).state, "silent")
            let raised = try silentAlerts(test, of: person)
            XCTAssertEqual(raised.map(\.status), ["open"])
            XCTAssertTrue(raised.first?.message.hasSuffix("it usually reports every 15 minutes while still.") == true, raised.first?.message ?? "")
            try phone.post(lat: home.lat, lon: home.lon)
            XCTAssertEqual(try silentAlerts(test, of: person).map(\.status), ["resolved"])
            XCTAssertEqual(try reporting(client, of: person, by: guardian).state, "fine")
        }
    }

    func testAPhoneWhoseBatteryDiesIsSilentSoonerWithTheReasonAndTheEstimateWasShown() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        let person = try test.makeAccount(name: "Person")
        try test.link(guardian: guardian, dependent: person)
        try test.withClient(.inProcess) { client in
            try makeHome(test, for: person, by: guardian, client)
            let phone = Phone(test: test, account: person, client: client)
            phone.battery = 50
            try phone.post(lat: home.lat, lon: home.lon)
            try phone.stay(at: home, seconds: 2 * 3_600, heartbeat: 900)
            // A video call drains it at 20 % an hour.
            try phone.stay(at: home, seconds: 2 * 3_600, heartbeat: 900, drainPerHour: 20)
            while phone.battery >= 3 {
                try phone.stay(at: home, seconds: 900, heartbeat: 840, drainPerHour: 20)
            }
            let dying = try reporting(client, of: person, by: guardian)
            let emptyAt = try XCTUnwrap(Timestamp(rfc3339: dying.batteryEmptyAt.value ?? ""), "\(dying)")
            let minutesLeft = Double(emptyAt.unixMilliseconds - test.clock.now().unixMilliseconds) / 60_000
            XCTAssertEqual(minutesLeft, 9, accuracy: 10, "about 3 % at 20 % an hour")
            XCTAssertEqual(dying.state, "fine")
            try phone.wait(untilSecondsAfterLastPost: 30 * 60)
            let raised = try silentAlerts(test, of: person)
            XCTAssertEqual(raised.map(\.status), ["open"], "silent before the 36-minute limit of a healthy phone")
            XCTAssertTrue(raised.first?.message.contains("battery has most likely run out") == true, raised.first?.message ?? "")
            XCTAssertEqual(try reporting(client, of: person, by: guardian).batteryRanOut, true)
        }
    }

    func testTheRhythmIsRebuiltFromHistoryAndStrangersSeeNothing() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        let person = try test.makeAccount(name: "Person")
        let stranger = try test.makeAccount(name: "Stranger")
        try test.link(guardian: guardian, dependent: person)
        try test.withClient(.inProcess) { client in
            let phone = Phone(test: test, account: person, client: client)
            try phone.post(lat: home.lat, lon: home.lon)
            try phone.stay(at: home, seconds: 3 * 3_600, heartbeat: 600)
            let learned = try reporting(client, of: person, by: guardian)
            test.app.reporting.forget(person.key)
            XCTAssertEqual(test.app.reporting.learnedCount, 0)
            let rebuilt = try reporting(client, of: person, by: guardian)
            XCTAssertEqual(rebuilt.usualIntervalSeconds, learned.usualIntervalSeconds)
            XCTAssertEqual(Double(rebuilt.usualIntervalSeconds.value ?? 0), 630, accuracy: 30)
            XCTAssertEqual(try client.execute(.get, "/v1/accounts/\(person.id)/location", headers: stranger.auth).status.code, 404)
            let never = try client.execute(.get, "/v1/accounts/\(stranger.id)/location", headers: stranger.auth)
            XCTAssertTrue(never.text.contains(#""reporting":{"#), "the stranger's own phone has made requests: \(never.text)")
        }
    }
}
