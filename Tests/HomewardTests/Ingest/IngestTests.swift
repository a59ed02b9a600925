import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import Synchronization
import XCTest
@testable import Homeward

/// Records what ingest hands the real-time reactions.
private final class RecordingObserver: LocationObserver {
    let calls = Mutex<[[ObservedFix]]>([])

    func observe(_ fixes: [ObservedFix], of account: AccountKey, in db: Database) throws -> [AppEvent] {
        calls.withLock { $0.append(fixes) }
        return []
    }
}

final class IngestTests: XCTestCase {
    /// A batch as a phone posts it; samples are JSON trees, since some are wrong on purpose.
    private func body(_ samples: [JSONValue]) throws -> [UInt8] {
        JSONBody.encode(["samples": .array(samples)] as JSONValue)
    }

    private func seconds(_ test: TestApp, offset: Double = 0) -> Double {
        Double(test.clock.now().unixMilliseconds) / 1000 + offset
    }

    private func post(_ client: HTTPTestClient, _ path: String, _ account: TestApp.Account, _ samples: [JSONValue]) throws -> IngestResult {
        let response = try client.execute(.post, path, headers: account.auth, body: try body(samples))
        XCTAssertEqual(response.status, .ok, response.text)
        return try response.decode(IngestResult.self)
    }

    private func storedCount(_ test: TestApp, _ table: String) throws -> Int {
        try test.app.database.read { try $0.fetchOne("SELECT count(*) FROM \(table)") } ?? -1
    }

    func testBatchIsStoredAndCounted() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let now = seconds(test)
        try test.withClient(.inProcess) { client in
            let result = try post(client, "/v1/locations", anna, [
                ["id": "a", "t": .number(now - 20), "lat": 51.5, "lon": -0.12, "accuracy": 8, "speed": 1.2, "heading": 90, "battery": 80],
                ["t": .number(now - 10), "lat": 51.5001, "lon": -0.1201],
            ])
            XCTAssertEqual(result, IngestResult(accepted: 2, duplicates: 0, rejected: []))
        }
        XCTAssertEqual(try storedCount(test, "locations"), 2)
        XCTAssertEqual(test.app.metrics.value("homeward_ingest_samples_total", labels: ["kind": "location", "outcome": "accepted"]), 2)
    }

    func testResentBufferIsRecognisedAsDuplicates() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let now = seconds(test)
        let samples: [JSONValue] = [
            ["id": "x1", "t": .number(now - 30), "lat": 10, "lon": 10],
            ["t": .number(now - 20), "lat": 10, "lon": 10.0001],
            ["id": "x3", "t": .number(now - 10), "lat": 10, "lon": 10.0002],
        ]
        try test.withClient(.inProcess) { client in
            XCTAssertEqual(try post(client, "/v1/locations", anna, samples).accepted, 3)
            XCTAssertEqual(try post(client, "/v1/locations", anna, samples), IngestResult(accepted: 0, duplicates: 3))
            XCTAssertEqual(try post(client, "/v1/locations", anna, samples + samples).duplicates, 6)
        }
        XCTAssertEqual(try storedCount(test, "locations"), 3)
    }

    func testSameTimeWithDifferentIDsAreTwoSamples() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let now = seconds(test)
        try test.withClient(.inProcess) { client in
            let result = try post(client, "/v1/locations", anna, [
                ["id": "a", "t": .number(now), "lat": 1, "lon": 1], ["id": "b", "t": .number(now), "lat": 1, "lon": 1],
            ])
            XCTAssertEqual(result.accepted, 2)
        }
    }

    func testEachBadSampleIsRejectedWithItsFieldAndTheRestStored() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let now = seconds(test)
        try test.withClient(.inProcess) { client in
            let result = try post(client, "/v1/locations", anna, [
                ["t": .number(now), "lat": 91, "lon": 0],
                ["t": .number(now), "lat": 1, "lon": "east"],
                ["t": .number(now + 11 * 60), "lat": 1, "lon": 1],
                ["t": .number(now), "lat": 1],
                ["t": .number(now), "lat": 1, "lon": 1, "heading": 360],
                ["t": .number(now), "lat": 1, "lon": 1, "battery": 101],
                ["t": .number(now), "lat": 1, "lon": 1, "accuracy": -1],
                ["t": .number(now), "lat": 1, "lon": 1, "speed": -0.5],
                ["t": "yesterday", "lat": 1, "lon": 1],
                "not an object",
                ["t": .number(now - 1), "lat": -90, "lon": 180, "heading": 359.9, "battery": 0, "accuracy": 0],
            ])
            XCTAssertEqual(result.accepted, 1)
            XCTAssertEqual(result.rejected.map(\.index), Array(0...9))
            XCTAssertEqual(result.rejected.map(\.field), [
                "samples[0].lat", "samples[1].lon", "samples[2].t", "samples[3].lon", "samples[4].heading",
                "samples[5].battery", "samples[6].accuracy", "samples[7].speed", "samples[8].t", "samples[9].",
            ])
            XCTAssertEqual(result.rejected.map(\.code), [
                "out_of_range", "wrong_type", "in_future", "missing_field", "out_of_range",
                "out_of_range", "out_of_range", "out_of_range", "wrong_type", "wrong_type",
            ])
        }
        XCTAssertEqual(test.app.metrics.value("homeward_ingest_samples_total", labels: ["kind": "location", "outcome": "rejected"]), 10)
    }

    func testGzipBodyIsAccepted() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let samples = (0..<200).map { ["t": .number(seconds(test, offset: Double(-$0))), "lat": 48.0, "lon": .number(2.0 + Double($0) * 1e-5)] as JSONValue }
        try test.withClient(.inProcess) { client in
            var headers = anna.auth
            headers.add(name: "Content-Encoding", value: "gzip")
            let response = try client.execute(.post, "/v1/locations", headers: headers, body: Gzip.compress(try body(samples)))
            XCTAssertEqual(response.status, .ok, response.text)
            XCTAssertEqual(try response.decode(IngestResult.self).accepted, 200)
        }
    }

    func testMoreThanAThousandSamplesIsTooLarge() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let samples = (0..<1001).map { ["t": .number(seconds(test, offset: Double(-$0))), "lat": 1.0, "lon": 1.0] as JSONValue }
        try test.withClient(.inProcess) { client in
            let response = try client.execute(.post, "/v1/locations", headers: anna.auth, body: try body(samples))
            XCTAssertEqual(response.status, .payloadTooLarge)
            XCTAssertEqual(response.errorCode, "payload_too_large")
        }
        XCTAssertEqual(try storedCount(test, "locations"), 0)
    }

    func testPostingWithoutValidTokenIsUnauthorized() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let samples: [JSONValue] = [["t": .number(seconds(test)), "lat": 1, "lon": 1]]
        try test.withClient(.inProcess) { client in
            XCTAssertEqual(try client.execute(.post, "/v1/locations", headers: ["Content-Type": "application/json"], body: try body(samples)).status, .unauthorized)
            XCTAssertEqual(try client.execute(.post, "/v1/motion", headers: ["Authorization": "Bearer nope", "Content-Type": "application/json"], body: try body(samples)).status, .unauthorized)
            let revoked = anna
            try test.app.database.write { try $0.execute("DELETE FROM sessions WHERE account_key = ?", revoked.key) }
            XCTAssertEqual(try client.execute(.post, "/v1/locations", headers: anna.auth, body: try body(samples)).status, .unauthorized)
        }
    }

    func testPoorAccuracyAndImpossibleJumpsAreStoredButFlagged() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let now = seconds(test)
        try test.withClient(.inProcess) { client in
            let result = try post(client, "/v1/locations", anna, [
                ["t": .number(now - 40), "lat": 51.5, "lon": -0.12, "accuracy": 10],
                ["t": .number(now - 30), "lat": 51.5, "lon": -0.12, "accuracy": 500],
                ["t": .number(now - 20), "lat": 52.5, "lon": -0.12, "accuracy": 10],
                ["t": .number(now - 10), "lat": 51.5001, "lon": -0.12, "accuracy": 10],
            ])
            XCTAssertEqual(result.accepted, 4)
        }
        let flags: [Int64] = try test.app.database.read { try $0.fetchAll("SELECT flags FROM locations ORDER BY t_ms") }
        XCTAssertEqual(flags, [0, SampleFlags.poorAccuracy.rawValue, SampleFlags.jump.rawValue, 0])
        let latest = try test.app.database.read { try LocationStore(db: $0).latest(of: anna.key) }
        XCTAssertEqual(latest?.fix.lat, 51.5001)
    }

    func testJumpIsNeverTheLatestPosition() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let now = seconds(test)
        try test.withClient(.inProcess) { client in
            _ = try post(client, "/v1/locations", anna, [["t": .number(now - 20), "lat": 51.5, "lon": -0.12]])
            _ = try post(client, "/v1/locations", anna, [["t": .number(now - 10), "lat": 40.0, "lon": -3.7]])
        }
        let latest = try test.app.database.read { try LocationStore(db: $0).latest(of: anna.key) }
        XCTAssertEqual(latest?.fix.lat, 51.5)
        XCTAssertEqual(latest?.newestFixTime, Timestamp(unixSeconds: now - 10))
    }

    func testObserversSeeFreshFixesOneByOneInTimeOrderAndNeverALateBuffer() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let caller = try test.app.authenticator.authenticate(token: anna.token)
        let observer = RecordingObserver()
        let service = IngestService(app: test.app, observers: [observer])
        let base = test.clock.now()
        func sample(_ secondsAgo: Int64, lon: Double) -> LocationSample {
            LocationSample(time: base.adding(milliseconds: -secondsAgo * 1000), lat: 51.5, lon: lon)
        }
        _ = try service.storeLocations([sample(300, lon: 0.0), sample(100, lon: 0.002), sample(200, lon: 0.001)], of: caller)
        _ = try service.storeLocations([sample(250, lon: 0.0005), sample(50, lon: 0.003)], of: caller)
        _ = try service.storeLocations([sample(50, lon: 0.003)], of: caller)
        let calls = observer.calls.withLock { $0 }
        XCTAssertEqual(calls.count, 2)
        XCTAssertEqual(calls[0].map(\.lon), [0.0, 0.001, 0.002])
        XCTAssertEqual(calls[1].map(\.lon), [0.003])
        let history: [Double] = try test.app.database.read { try $0.fetchAll("SELECT lon_e7 / 1e7 FROM locations ORDER BY t_ms") }
        XCTAssertEqual(history, [0.0, 0.0005, 0.001, 0.002, 0.003])
    }

    func testLateBufferDoesNotMoveTheLatestPositionBackwards() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let now = seconds(test)
        let events = Mutex<[AppEvent.Kind]>([])
        test.app.events.subscribe { event in events.withLock { $0.append(event.kind) } }
        try test.withClient(.inProcess) { client in
            _ = try post(client, "/v1/locations", anna, [["t": .number(now - 10), "lat": 51.5, "lon": -0.12]])
            let late = try post(client, "/v1/locations", anna, (1...5).map { ["t": .number(now - 3600 + Double($0)), "lat": 51.4, "lon": -0.1] })
            XCTAssertEqual(late.accepted, 5)
        }
        XCTAssertEqual(events.withLock { $0 }, [.location])
        let latest = try test.app.database.read { try LocationStore(db: $0).latest(of: anna.key) }
        XCTAssertEqual(latest?.fix.lat, 51.5)
        XCTAssertEqual(try storedCount(test, "locations"), 6)
    }

    // MARK: Batches of new samples go in many rows to a statement; the outcome is the same

    /// A walk of `count` fixes 8 s apart with GPS noise, a run of poor fixes, one impossible jump
    /// and a gap, as a phone's offline buffer would hold it.
    private func bufferedWalk(endingAt now: Double, count: Int) -> [LocationSample] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { index in
            let noise = Double.random(in: -0.00003...0.00003, using: &generator)
            let gap = index >= count / 2 ? 600.0 : 0
            var sample = LocationSample(
                time: Timestamp(unixMilliseconds: Int64((now - Double(count - index) * 8 - 600 + gap) * 1000)),
                lat: 51.5 + Double(index) * 0.00005 + noise, lon: -0.12 + noise)
            sample.id = index % 3 == 0 ? "walk-\(index)" : nil
            sample.accuracyMetres = (20..<24).contains(index) ? 400 : 9
            sample.batteryPercent = 80 - Double(index) / 10
            if index == 40 { sample.lat = 48.85 }
            return sample
        }
    }

    /// Every stored column of `account`'s history and its latest row, as text, in storage order.
    private func storedState(_ test: TestApp, _ account: AccountKey) throws -> [String] {
        try test.app.database.read { db in
            try db.fetchAll(
                "SELECT t_ms, sample_hash, lat_e7, lon_e7, accuracy_dm, battery_pct, flags FROM locations WHERE account_key = ? ORDER BY t_ms, sample_hash",
                [account]
            ) { row in
                try (0..<7).map { index in (try row.value(at: index) as Int64?).map(String.init) ?? "null" }.joined(separator: " ")
            }
                + [try LocationStore(db: db).latest(of: account).map { "\($0)" } ?? "none"]
        }
    }

    func testABatchOfNewSamplesIsStoredExactlyAsOneAtATime() throws {
        let test = try TestApp()
        let bulk = try test.makeAccount()
        let single = try test.makeAccount()
        let now = seconds(test)
        let walk = bufferedWalk(endingAt: now, count: 100)
        let observer = RecordingObserver()
        let service = IngestService(app: test.app, observers: [observer])
        let bulkResult = try service.storeLocations(walk, of: try test.app.authenticator.authenticate(token: bulk.token))
        XCTAssertEqual(bulkResult, IngestResult(accepted: 100, duplicates: 0, rejected: []))
        let singleCaller = try test.app.authenticator.authenticate(token: single.token)
        for sample in walk {
            XCTAssertEqual(try service.storeLocations([sample], of: singleCaller).accepted, 1)
        }
        let bulkState = try storedState(test, bulk.key)
        XCTAssertEqual(bulkState.count, 101)
        XCTAssertEqual(bulkState.dropLast(), try storedState(test, single.key).dropLast(), "same rows, same flags")
        let flags: [Int64] = try test.app.database.read { try $0.fetchAll("SELECT flags FROM locations WHERE account_key = ? ORDER BY t_ms", [bulk.key]) }
        XCTAssertEqual(flags.filter { $0 == SampleFlags.poorAccuracy.rawValue }.count, 4)
        XCTAssertEqual(flags.filter { $0 == SampleFlags.jump.rawValue }.count, 1)
        let (bulkLatest, singleLatest) = try test.app.database.read { db in
            (try LocationStore(db: db).latest(of: bulk.key), try LocationStore(db: db).latest(of: single.key))
        }
        XCTAssertEqual(bulkLatest?.fix, singleLatest?.fix)
        XCTAssertEqual(bulkLatest?.newestFixTime, walk.last?.time)
        let calls = observer.calls.withLock { $0 }
        XCTAssertEqual(calls.first?.count, 100, "the whole batch is fresh, in time order")
        XCTAssertEqual(calls.first?.map(\.time), walk.map(\.time))
    }

    func testResentOverlappingAndSelfDuplicatedBatchesCountEveryDuplicate() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let caller = try test.app.authenticator.authenticate(token: anna.token)
        let service = IngestService(app: test.app)
        let walk = bufferedWalk(endingAt: seconds(test), count: 100)
        XCTAssertEqual(try service.storeLocations(Array(walk[0..<60]), of: caller), IngestResult(accepted: 60, duplicates: 0, rejected: []))
        // The phone resends its whole buffer: the first 60 are known, the rest new.
        XCTAssertEqual(try service.storeLocations(walk, of: caller), IngestResult(accepted: 40, duplicates: 60, rejected: []))
        XCTAssertEqual(try service.storeLocations(walk, of: caller), IngestResult(accepted: 0, duplicates: 100, rejected: []))
        // A batch holding the same sample twice.
        test.clock.advance(bySeconds: 3600)
        let later = bufferedWalk(endingAt: seconds(test), count: 20)
        XCTAssertEqual(try service.storeLocations(later + [later[5]], of: caller), IngestResult(accepted: 20, duplicates: 1, rejected: []))
        XCTAssertEqual(try storedCount(test, "locations"), 120)
    }

    func testMotionIsStoredDeduplicatedAndSummedPerQuarterHour() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let now = seconds(test)
        let samples: [JSONValue] = [
            ["id": "m1", "t": .number(now - 120), "steps": 100, "distance": 80.5, "activity": "walking"],
            ["t": .number(now - 60), "steps": 0, "activity": "automotive", "distance": 900],
            ["t": .number(now - 30), "activity": "flying"],
            ["t": .number(now - 20), "steps": 1.5],
        ]
        try test.withClient(.inProcess) { client in
            let first = try post(client, "/v1/motion", anna, samples)
            XCTAssertEqual(first.accepted, 2)
            XCTAssertEqual(first.rejected.map(\.field), ["samples[2].activity", "samples[3].steps"])
            XCTAssertEqual(try post(client, "/v1/motion", anna, samples).duplicates, 2)
        }
        let totals = try test.app.database.read { db in
            try MotionStore(db: db).totals(
                of: anna.key, from: Timestamp(unixMilliseconds: 0), to: test.clock.now().adding(milliseconds: 3_600_000))
        }
        XCTAssertEqual(totals, MotionTotals(steps: 100, distance: 980.5, activeMinutes: 1))
    }
}
