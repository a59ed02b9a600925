import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// History imports over the API: the person or a guardian uploads a file (streamed, raw, gzip or
/// zip), gets 202 and the import id at once, follows its progress, sees the places it taught the
/// routine (even years old), and can undo it; nobody else learns that it exists; the limits hold.
final class ImportRoutesTests: XCTestCase {
    private static let home = (lat: 51.5007, lon: -0.1246)

    private struct Scene {
        let test: TestApp
        let guardian: TestApp.Account
        let person: TestApp.Account
        let stranger: TestApp.Account
        let today: Int64
    }

    private func scene(configure: (inout AppConfiguration) -> Void = { _ in }) throws -> Scene {
        let test = try TestApp(configure: configure)
        let guardian = try test.makeAccount(name: "Guardian")
        let person = try test.makeAccount(name: "Person")
        let stranger = try test.makeAccount(name: "Stranger")
        try test.link(guardian: guardian, dependent: person)
        let today = (test.clock.now().unixMilliseconds / 86_400_000 + 1) * 86_400_000
        test.clock.set(to: Timestamp(unixMilliseconds: today))
        return Scene(test: test, guardian: guardian, person: person, stranger: stranger, today: today)
    }

    /// `days` days of CSV ending `daysAgo` days before `today`, a fix a minute: home at night, work
    /// (3 km east) from 09:00 to 17:00.
    private func history(days: Int, endingDaysAgo daysAgo: Int, before today: Int64) -> String {
        var lines = ["t,lat,lon,accuracy"]
        let metresPerDegreeLon = 111_320 * cos(Self.home.lat * .pi / 180)
        for day in 0..<days {
            let midnight = today - Int64(daysAgo + days - day) * 86_400_000
            for minute in stride(from: 0, to: 24 * 60, by: 1) {
                let atWork = minute >= 9 * 60 && minute < 17 * 60
                let jitter = Double((minute * 7_919) % 11) - 5
                let lat = Self.home.lat + jitter / 111_320
                let lon = Self.home.lon + ((atWork ? 3_000 : 0) + jitter) / metresPerDegreeLon
                lines.append("\(Double(midnight + Int64(minute) * 60_000) / 1000),\(lat),\(lon),10")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Metres east and north of home as a position.
    private func position(east: Double, north: Double = 0) -> (lat: Double, lon: Double) {
        (Self.home.lat + north / 111_320, Self.home.lon + east / (111_320 * cos(Self.home.lat * .pi / 180)))
    }

    /// The places `person`'s routine knows, as GET …/places shows them to `caller`.
    private func places(of person: TestApp.Account, by caller: TestApp.Account, in test: TestApp) throws -> [[String: Any]] {
        try test.withClient { client in
            let response = try client.execute(.get, "/v1/accounts/\(person.id)/places", headers: caller.auth)
            XCTAssertEqual(response.status.code, 200, response.text)
            return try XCTUnwrap(try json(response)["places"] as? [[String: Any]], response.text)
        }
    }

    /// Whether one of `places` lies within 300 m (a cell and a half) of the position `east` metres east of home.
    private func hasPlace(_ places: [[String: Any]], east: Double) -> Bool {
        let want = position(east: east)
        return places.contains { place in
            guard let lat = place["lat"] as? Double, let lon = place["lon"] as? Double else { return false }
            let north = (lat - want.lat) * 111_320, across = (lon - want.lon) * 111_320 * cos(want.lat * .pi / 180)
            return (north * north + across * across).squareRoot() < 300
        }
    }

    private func json(_ response: HTTPTestResponse) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], response.text)
    }

    /// Waits until import `id` is no longer running; returns it as the API shows it.
    private func finished(_ id: String, of person: TestApp.Account, by caller: TestApp.Account, in test: TestApp) throws -> [String: Any] {
        try XCTUnwrap(try Deadline.firstValue { () -> [String: Any]? in
            try test.withClient { client in
                let response = try client.execute(.get, "/v1/accounts/\(person.id)/imports/\(id)", headers: caller.auth)
                XCTAssertEqual(response.status.code, 200, response.text)
                let body = try json(response)
                return body["state"] as? String == "running" ? nil : body
            }
        }, "the import did not end")
    }

    private func storedFixes(_ test: TestApp, _ person: TestApp.Account) throws -> Int64 {
        try test.app.database.read { db in try db.fetchOne("SELECT count(*) FROM locations WHERE account_key = ?", [person.key]) ?? 0 }
    }

    /// An export that stopped more than `--routine-history-max-age-days` (365) ago is stored as
    /// history but teaches the routine nothing: the person may have moved since, and a routine
    /// learned from it would be trusted on day one where they live now.
    func testAnExportThatStoppedMoreThanAYearAgoIsHistoryButTeachesNoPlaces() throws {
        for (maxAge, learns) in [(365, false), (500, true)] {
            let scene = try scene { $0.routineHistoryMaxAgeDays = maxAge }
            let file = history(days: 10, endingDaysAgo: 400, before: scene.today)
            let id = try scene.test.withClient { client -> String in
                let response = try client.execute(
                    .post, "/v1/accounts/\(scene.person.id)/imports", headers: scene.person.auth, body: Array(file.utf8))
                XCTAssertEqual(response.status.code, 202, response.text)
                return try XCTUnwrap(try json(response)["id"] as? String)
            }
            let done = try finished(id, of: scene.person, by: scene.person, in: scene.test)
            XCTAssertEqual(done["state"] as? String, "done")
            XCTAssertEqual(done["positions"] as? Int, 10 * 24 * 60, "stored as history either way")
            let places = try places(of: scene.person, by: scene.guardian, in: scene.test)
            XCTAssertEqual(hasPlace(places, east: 0), learns, "home, with --routine-history-max-age-days \(maxAge): \(places)")
            XCTAssertEqual(hasPlace(places, east: 3_000), learns, "work, with --routine-history-max-age-days \(maxAge)")
        }
    }

    /// Days more than a year old that the phone itself posted (a replay of old days, through
    /// `POST /v1/locations`) teach the routine a tracker rebuilt from the history (after a restart):
    /// the age limit counts back from the newest position the phone sent, not from today.
    func testOldDaysPostedLiveTeachARebuiltRoutine() throws {
        let scene = try scene()
        let lines = history(days: 10, endingDaysAgo: 400, before: scene.today).split(separator: "\n").dropFirst()
        let samples: [JSONValue] = lines.map { line in
            let field = line.split(separator: ",").map { Double($0) ?? 0 }
            return ["t": .number(field[0]), "lat": .number(field[1]), "lon": .number(field[2]), "accuracy": .number(field[3])]
        }
        try scene.test.withClient { client in
            for start in stride(from: 0, to: samples.count, by: 1_000) {
                let batch = Array(samples[start..<min(start + 1_000, samples.count)])
                let response = try client.execute(
                    .post, "/v1/locations", headers: scene.person.auth, body: JSONBody.encode(["samples": .array(batch)] as JSONValue))
                XCTAssertEqual(response.status.code, 200, response.text)
            }
        }
        scene.test.app.zoneObserver.invalidate(scene.person.key, keepingRoutine: false)
        let places = try places(of: scene.person, by: scene.guardian, in: scene.test)
        XCTAssertTrue(hasPlace(places, east: 0), "home: \(places)")
        XCTAssertTrue(hasPlace(places, east: 3_000), "work: \(places)")
    }

    func testAGuardianImportsOldHistoryOverASocketAndThePlacesShowAtOnce() throws {
        let scene = try scene()
        let file = history(days: 10, endingDaysAgo: 200, before: scene.today)
        let body = Gzip.compress(Array(file.utf8))
        let id = try scene.test.withClient(.live) { client -> String in
            let response = try client.execute(
                .post, "/v1/accounts/\(scene.person.id)/imports", headers: ["Authorization": "Bearer \(scene.guardian.token)"], body: body)
            XCTAssertEqual(response.status.code, 202, response.text)
            let started = try json(response)
            XCTAssertEqual(started["accountId"] as? String, scene.person.id)
            XCTAssertEqual(started["totalBytes"] as? Int, body.count)
            return try XCTUnwrap(started["id"] as? String)
        }
        let done = try finished(id, of: scene.person, by: scene.guardian, in: scene.test)
        XCTAssertEqual(done["state"] as? String, "done")
        XCTAssertEqual(done["format"] as? String, "csv")
        XCTAssertEqual(done["positions"] as? Int, 10 * 24 * 60)
        XCTAssertEqual(done["bytesRead"] as? Int, body.count)
        XCTAssertNil(done["etaSeconds"])
        XCTAssertEqual((done["rejected"] as? [String: Any])?["count"] as? Int, 0)
        try scene.test.withClient { client in
            // The person sees it too, in the list, and the places of 200 days ago are learned.
            let list = try json(try client.execute(.get, "/v1/accounts/\(scene.person.id)/imports", headers: scene.person.auth))
            XCTAssertEqual((list["imports"] as? [[String: Any]])?.map { $0["id"] as? String }, [id])
            let places = try json(try client.execute(.get, "/v1/accounts/\(scene.person.id)/places", headers: scene.person.auth))
            XCTAssertGreaterThanOrEqual((places["places"] as? [Any])?.count ?? 0, 2, "\(places)")
            // Undone as a whole.
            let undone = try client.execute(.delete, "/v1/accounts/\(scene.person.id)/imports/\(id)", headers: scene.person.auth)
            XCTAssertEqual(undone.status.code, 200, undone.text)
            XCTAssertEqual(try json(undone)["state"] as? String, "undone")
        }
        XCTAssertEqual(try storedFixes(scene.test, scene.person), 0)
    }

    func testOldHistoryImportedForAPersonWithLiveDaysAlreadyTeachesTheirRoutine() throws {
        let scene = try scene()
        // Two days of live fixes from the person's phone, away on holiday 40 km north: the newest
        // fixes, long after the imported history ends.
        let holiday = position(east: 0, north: 40_000)
        var live: [API.LocationSample] = []
        for minute in stride(from: 0, to: 2 * 24 * 60, by: 2) {
            let jitter = Double((minute * 7_919) % 11) - 5
            live.append(API.LocationSample(
                t: Double(scene.today - 2 * 86_400_000 + Int64(minute) * 60_000) / 1000,
                lat: holiday.lat + jitter / 111_320, lon: holiday.lon, accuracy: 10))
        }
        try scene.test.withClient { client in
            for start in stride(from: 0, to: live.count, by: 1_000) {
                let response = try client.execute(
                    .post, "/v1/locations", headers: scene.person.auth,
                    body: JSONBody.encode(API.LocationBatch(samples: Array(live[start..<min(live.count, start + 1_000)]))))
                XCTAssertEqual(response.status.code, 200, response.text)
            }
        }
        let before = try places(of: scene.person, by: scene.guardian, in: scene.test)
        XCTAssertFalse(hasPlace(before, east: 0), "\(before)")
        XCTAssertFalse(hasPlace(before, east: 3_000), "\(before)")

        // Six weeks of home and work, ending two months ago: older than the 28 days before the
        // newest live fix.
        let file = Array(history(days: 42, endingDaysAgo: 60, before: scene.today).utf8)
        let id = try scene.test.withClient { client -> String in
            let response = try client.execute(.post, "/v1/accounts/\(scene.person.id)/imports", headers: scene.person.auth, body: file)
            XCTAssertEqual(response.status.code, 202, response.text)
            return try XCTUnwrap(try json(response)["id"] as? String)
        }
        let done = try finished(id, of: scene.person, by: scene.person, in: scene.test)
        XCTAssertEqual(done["positions"] as? Int, 42 * 24 * 60)
        let after = try places(of: scene.person, by: scene.guardian, in: scene.test)
        XCTAssertTrue(hasPlace(after, east: 0), "home, from the import: \(after)")
        XCTAssertTrue(hasPlace(after, east: 3_000), "work, from the import: \(after)")

        // Undone, the routine forgets them again.
        try scene.test.withClient { client in
            let undone = try client.execute(.delete, "/v1/accounts/\(scene.person.id)/imports/\(id)", headers: scene.person.auth)
            XCTAssertEqual(undone.status.code, 200, undone.text)
        }
        let undone = try places(of: scene.person, by: scene.guardian, in: scene.test)
        XCTAssertFalse(hasPlace(undone, east: 0), "\(undone)")
        XCTAssertFalse(hasPlace(undone, east: 3_000), "\(undone)")
    }

    func testNobodyElseLearnsOfAnImportIncludingAGuardianWhoseAccessWasTakenBack() throws {
        let scene = try scene()
        let file = Array(history(days: 1, endingDaysAgo: 3, before: scene.today).utf8)
        let id = try scene.test.withClient { client -> String in
            let response = try client.execute(.post, "/v1/accounts/\(scene.person.id)/imports", headers: scene.person.auth, body: file)
            XCTAssertEqual(response.status.code, 202, response.text)
            return try XCTUnwrap(try json(response)["id"] as? String)
        }
        XCTAssertEqual(try finished(id, of: scene.person, by: scene.person, in: scene.test)["state"] as? String, "done")
        func refusals(of caller: TestApp.Account) throws -> [Int] {
            try scene.test.withClient { client in
                let base = "/v1/accounts/\(scene.person.id)/imports"
                return [
                    try client.execute(.post, base, headers: caller.auth, body: file).status.code,
                    try client.execute(.get, base, headers: caller.auth).status.code,
                    try client.execute(.get, "\(base)/\(id)", headers: caller.auth).status.code,
                    try client.execute(.delete, "\(base)/\(id)", headers: caller.auth).status.code,
                    // Another person's import under one's own account is unknown too.
                    try client.execute(.get, "/v1/accounts/\(caller.id)/imports/\(id)", headers: caller.auth).status.code,
                ]
            }
        }
        XCTAssertEqual(try refusals(of: scene.stranger), [404, 404, 404, 404, 404])
        try scene.test.app.database.write { db in
            try db.execute("DELETE FROM links WHERE guardian_key = ? AND dependent_key = ?", scene.guardian.key, scene.person.key)
        }
        XCTAssertEqual(try refusals(of: scene.guardian), [404, 404, 404, 404, 404])
        XCTAssertEqual(try storedFixes(scene.test, scene.person), 24 * 60)
    }

    func testUploadsOverTheLimitAndImportsBeyondTheRunningLimitsAreRefused() throws {
        let scene = try scene { configuration in
            configuration.maxImportUploadBytes = 64 * 1024
            configuration.maxRunningImports = 1
        }
        let file = Array(history(days: 1, endingDaysAgo: 3, before: scene.today).utf8)
        XCTAssertGreaterThan(file.count, 64 * 1024)
        try scene.test.withClient(.live) { client in
            let tooLarge = try client.execute(.post, "/v1/accounts/\(scene.person.id)/imports", headers: scene.person.auth, body: file)
            XCTAssertEqual(tooLarge.status.code, 413, tooLarge.text)
            // An upload under way holds its place: the person's second import waits (409), and
            // with one import at most on the server, the guardian's own import too (503).
            // Probes with an empty body: while a place is free they are refused as empty (400) and
            // start nothing. A probe holds the place for the instant it is looked at, so an upload
            // whose head arrives in that instant is the one refused (409 on its own connection):
            // then the upload starts again.
            var slow: HTTPTestConnection?
            for _ in 0..<5 where slow == nil {
                let upload = try client.openConnection()
                try upload.send("POST /v1/accounts/\(scene.person.id)/imports HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer \(scene.person.token)\r\n"
                    + "Content-Length: 1000\r\n\r\nt,lat,lon\n")
                var refused = false
                XCTAssertTrue(try Deadline.waitUntil {
                    let probe = try client.execute(.post, "/v1/accounts/\(scene.person.id)/imports", headers: scene.person.auth, body: [])
                    XCTAssertTrue([400, 409].contains(probe.status.code), probe.text)
                    if probe.status.code == 409 { return true }
                    let patience = upload.timeoutSeconds
                    upload.timeoutSeconds = 0
                    defer { upload.timeoutSeconds = patience }
                    guard let answer = try? upload.readResponse() else { return false }
                    XCTAssertEqual(answer.status.code, 409, answer.text)
                    refused = true
                    return true
                })
                if !refused { slow = upload }
            }
            let upload = try XCTUnwrap(slow, "the upload never held its place")
            let busy = try client.execute(.post, "/v1/accounts/\(scene.guardian.id)/imports", headers: scene.guardian.auth, body: [])
            XCTAssertEqual(busy.status.code, 503, busy.text)
            XCTAssertEqual(busy.headers["Retry-After"], "60")
            let rest = "1704182400,51.5,-0.12\n"
            try upload.send(rest + String(repeating: " ", count: 1000 - "t,lat,lon\n".utf8.count - rest.utf8.count))
            let accepted = try upload.readResponse()
            XCTAssertEqual(accepted.status.code, 202, accepted.text)
        }
    }

    func testABrokenFileKeepsWhatCameBeforeAndAnEmptyOneIsRefused() throws {
        let scene = try scene()
        let whole = ImportSamples.takeoutRecords
        let cut = Array(String(whole[..<whole.range(of: "\"velocity\"")!.lowerBound]).utf8)
        try scene.test.withClient { client in
            let empty = try client.execute(.post, "/v1/accounts/\(scene.person.id)/imports", headers: scene.person.auth, body: [])
            XCTAssertEqual(empty.status.code, 400, empty.text)
            let response = try client.execute(.post, "/v1/accounts/\(scene.person.id)/imports", headers: scene.person.auth, body: cut)
            XCTAssertEqual(response.status.code, 202, response.text)
            let id = try XCTUnwrap(try json(response)["id"] as? String)
            let stopped = try finished(id, of: scene.person, by: scene.person, in: scene.test)
            XCTAssertEqual(stopped["state"] as? String, "stopped")
            XCTAssertEqual(stopped["positions"] as? Int, 1)
            XCTAssertEqual(stopped["problem"] as? String, "locations[1] (line 13): cut off: the file ends here")
        }
    }

    func testATakeoutZipImportsItsRecordsAndLeavesTheSemanticCopyOut() throws {
        let scene = try scene()
        let directory = scene.test.directory.path
        let records = (directory as NSString).appendingPathComponent("Records.json")
        try ImportSamples.takeoutRecords.write(toFile: records, atomically: true, encoding: .utf8)
        let semantic = (directory as NSString).appendingPathComponent("semantic.json")
        try ImportSamples.semanticHistory.write(toFile: semantic, atomically: true, encoding: .utf8)
        let zip = (directory as NSString).appendingPathComponent("takeout.zip")
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                z.write(sys.argv[2], "Takeout/Location History (Timeline)/Records.json")
                z.write(sys.argv[3], "Takeout/Location History (Timeline)/Semantic Location History/2024/2024_JANUARY.json")
                z.writestr("Takeout/archive_browser.html", "<html></html>")
            """, zip, records, semantic]
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0)
        let body = [UInt8](try Data(contentsOf: URL(fileURLWithPath: zip)))
        let expected = try ImportReader.fixes(of: Array(ImportSamples.takeoutRecords.utf8)).count
        try scene.test.withClient(.live) { client in
            let response = try client.execute(.post, "/v1/accounts/\(scene.person.id)/imports", headers: scene.person.auth, body: body)
            XCTAssertEqual(response.status.code, 202, response.text)
            let id = try XCTUnwrap(try json(response)["id"] as? String)
            let done = try finished(id, of: scene.person, by: scene.person, in: scene.test)
            XCTAssertEqual(done["state"] as? String, "done", "\(done)")
            XCTAssertEqual(done["format"] as? String, "takeout_records")
            XCTAssertEqual(done["positions"] as? Int, expected)
            XCTAssertEqual(done["bytesRead"] as? Int, done["totalBytes"] as? Int)
        }
    }

    func testTheEventStreamCarriesTheImportToThePersonAndTheirGuardian() throws {
        let scene = try scene()
        let file = Array(history(days: 1, endingDaysAgo: 3, before: scene.today).utf8)
        try scene.test.withClient(.live) { client in
            let own = try client.openEventStream(token: scene.person.token)
            let guardians = try client.openEventStream(token: scene.guardian.token)
            let strangers = try client.openEventStream(token: scene.stranger.token)
            let response = try client.execute(.post, "/v1/accounts/\(scene.person.id)/imports", headers: scene.guardian.auth, body: file)
            XCTAssertEqual(response.status.code, 202, response.text)
            for stream in [own, guardians] {
                let last = try XCTUnwrap(Deadline.firstValue { () -> [String: Any]? in
                    let event = try stream.readEvent(timeoutSeconds: 20)
                    guard event.event == "import" else { return nil }
                    let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])
                    return body["state"] as? String == "done" ? body : nil
                })
                XCTAssertEqual(last["positions"] as? Int, 24 * 60)
            }
            XCTAssertThrowsError(try strangers.readEvent(timeoutSeconds: 0.5), "a stranger heard of the import")
        }
    }
}
