import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

final class ViewsTests: XCTestCase {
    private func post(_ test: TestApp, _ account: TestApp.Account, locations: [LocationSample] = [], motion: [MotionSample] = []) throws {
        let caller = try test.app.authenticator.authenticate(token: account.token)
        let service = IngestService(app: test.app)
        _ = try service.storeLocations(locations, of: caller)
        _ = try service.storeMotion(motion, of: caller)
    }

    func testDependentsListEveryDependentWithPositionStatusAndTodaysMotion() throws {
        let test = try TestApp()
        // Steps half a minute ago are today's at noon, not yesterday's as just after midnight.
        test.setClockToNoon()
        let guardian = try test.makeAccount(name: "Gina")
        let anna = try test.makeAccount(name: "Anna")
        let ben = try test.makeAccount(name: "Ben")
        try test.link(guardian: guardian, dependent: anna)
        test.clock.advance(bySeconds: 1)
        try test.link(guardian: guardian, dependent: ben)
        let now = test.clock.now()
        try post(test, anna, locations: [
            LocationSample(time: now.adding(milliseconds: -60_000), lat: 51.5, lon: -0.12, accuracyMetres: 5, speedMetresPerSecond: 1.4, batteryPercent: 77),
        ], motion: [MotionSample(time: now.adding(milliseconds: -30_000), steps: 120, distanceMetres: 90, activity: .walking)])
        try test.withClient(.inProcess) { client in
            let response = try client.execute(.get, "/v1/dependents", headers: guardian.auth)
            XCTAssertEqual(response.status, .ok)
            let dependents = try response.decode(API.Dependents.self).dependents
            XCTAssertEqual(dependents.count, 2)
            XCTAssertEqual(dependents[0].account.name, "Anna")
            let location = try XCTUnwrap(dependents[0].location.value)
            XCTAssertEqual(location.lat, 51.5)
            XCTAssertEqual(location.battery, 77)
            let status = dependents[0].status
            XCTAssertEqual(status.state, "moving")
            XCTAssertTrue(status.zone.isNull)
            XCTAssertTrue(status.wandering.isNull)
            // Counted from the fix's own time (a minute ago), not from its arrival just now.
            XCTAssertEqual(status.lastSeenSeconds, 60)
            XCTAssertEqual(dependents[0].motionToday.steps, 120)
            XCTAssertEqual(dependents[0].motionToday.activeMinutes, 1)
            XCTAssertTrue(dependents[1].location.isNull)
            XCTAssertEqual(dependents[1].status.state, "unknown")
        }
    }

    func testStateFollowsTheAgeOfTheLastFixAndTheStatusBoard() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try post(test, anna, locations: [LocationSample(time: test.clock.now(), lat: 1, lon: 1, speedMetresPerSecond: 0)])
        func state() throws -> String? {
            try test.withClient(.inProcess) { client in
                let response = try client.execute(.get, "/v1/accounts/\(anna.id)/location", headers: anna.auth)
                return try response.decode(API.Person.self).status.state
            }
        }
        XCTAssertEqual(try state(), "stationary")
        test.app.statusBoard.set(PersonStatus(state: "moving", zone: "Home"), for: anna.key)
        XCTAssertEqual(try state(), "moving")
        // The board's "moving" is as old as the fix it came from.
        test.clock.advance(bySeconds: 6 * 60)
        XCTAssertEqual(try state(), "stationary")
        test.clock.advance(bySeconds: 10 * 60)
        XCTAssertEqual(try state(), "unknown")
    }

    func testLocationOfOthersIsNotFoundForStrangersExGuardiansAndBadTokens() throws {
        let test = try TestApp { $0.sessionLifetimeSeconds = 3600 }
        let anna = try test.makeAccount()
        let guardian = try test.makeAccount()
        let stranger = try test.makeAccount()
        try test.link(guardian: guardian, dependent: anna)
        let paths = ["/v1/accounts/\(anna.id)/location", "/v1/accounts/\(anna.id)/locations",
                     "/v1/accounts/\(anna.id)/motion/daily"]
        try test.withClient(.inProcess) { client in
            for path in paths {
                XCTAssertEqual(try client.execute(.get, path, headers: guardian.auth).status, .ok, path)
                XCTAssertEqual(try client.execute(.get, path, headers: anna.auth).status, .ok, path)
                XCTAssertEqual(try client.execute(.get, path, headers: stranger.auth).status, .notFound, path)
                XCTAssertEqual(try client.execute(.get, path).status, .unauthorized, path)
                XCTAssertEqual(try client.execute(.get, path, headers: ["Authorization": "Bearer forged"]).status, .unauthorized, path)
            }
            try test.app.database.write { try $0.execute("DELETE FROM links WHERE guardian_key = ?", guardian.key) }
            for path in paths {
                XCTAssertEqual(try client.execute(.get, path, headers: guardian.auth).status, .notFound, path)
            }
            XCTAssertEqual(try client.execute(.get, "/v1/dependents", headers: guardian.auth).json(), .object(["dependents": .array([])]))
            test.clock.advance(bySeconds: 3601)
            for path in paths + ["/v1/dependents"] {
                XCTAssertEqual(try client.execute(.get, path, headers: anna.auth).status, .unauthorized, path)
            }
        }
    }

    func testDailyMotionCountsDaysInTheCallersTimeZone() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        test.clock.set(to: try XCTUnwrap(Timestamp(rfc3339: "2026-11-21T12:00:00Z")))
        try post(test, anna, motion: [
            MotionSample(time: try XCTUnwrap(Timestamp(rfc3339: "2026-11-20T23:30:00Z")), steps: 100, activity: .walking),
            MotionSample(time: try XCTUnwrap(Timestamp(rfc3339: "2026-11-21T00:30:00Z")), steps: 50, distanceMetres: 40),
            MotionSample(time: try XCTUnwrap(Timestamp(rfc3339: "2026-11-21T10:00:00Z")), activity: .automotive),
        ])
        try test.withClient(.inProcess) { client in
            let utc = try client.execute(.get, "/v1/accounts/\(anna.id)/motion/daily?from=2026-11-20&to=2026-11-21", headers: anna.auth)
            XCTAssertEqual(utc.status, .ok, utc.text)
            XCTAssertEqual(utc.text, #"{"days":[{"activeMinutes":1,"date":"2026-11-20","distance":0,"steps":100},{"activeMinutes":1,"date":"2026-11-21","distance":40,"steps":50}]}"#)
            let tokyo = try client.execute(.get, "/v1/accounts/\(anna.id)/motion/daily?from=2026-11-21&to=2026-11-21&tz=Asia/Tokyo", headers: anna.auth)
            XCTAssertEqual(tokyo.text, #"{"days":[{"activeMinutes":2,"date":"2026-11-21","distance":40,"steps":150}]}"#)
            let week = try client.execute(.get, "/v1/accounts/\(anna.id)/motion/daily", headers: anna.auth)
            XCTAssertEqual(try week.decode(API.DailyMotionList.self).days.count, 7)
            let bad = try client.execute(.get, "/v1/accounts/\(anna.id)/motion/daily?tz=Mars/Olympus", headers: anna.auth)
            XCTAssertEqual(bad.status, .badRequest)
            XCTAssertEqual(bad.errorField, "tz")
        }
    }
}
