import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// Zone and battery alerts raised by posting realistic samples to POST /v1/locations.
final class ZonesIngestTests: XCTestCase {
    func testPostedWalkOutAndBackRaisesOneLeftZoneSeenOnTheGuardiansStream() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        let person = try test.makeAccount(name: "Person")
        try test.link(guardian: guardian, dependent: person)
        let home = (lat: 51.5007, lon: -0.1246)
        try test.withClient(.live) { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: home.lat, lon: home.lon, radius: 100, home: true))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: guardian.auth, body: zone).status.code, 201)
            let stream = try client.openConnection(timeoutSeconds: 3)
            try stream.send("GET /v1/events HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(guardian.token)\r\n\r\n")
            XCTAssertEqual(try stream.readResponse(omitBody: true).status.code, 200)
            var north = 0.0
            var t = Double(test.clock.now().unixMilliseconds) / 1000 - 3_000
            var samples: [API.LocationSample] = []
            for metres in Array(repeating: 0.0, count: 30) + Array(repeating: 12, count: 35) + Array(repeating: 0, count: 30)
                + Array(repeating: -12, count: 35) + Array(repeating: 0, count: 30) {
                north += metres
                t += 10
                let lat = home.lat + north / 111_320
                samples.append(API.LocationSample(t: t, lat: lat, lon: home.lon, accuracy: 8, battery: samples.count < 100 ? 50 : 9))
            }
            for batch in stride(from: 0, to: samples.count, by: 20) {
                let body = API.LocationBatch(samples: Array(samples[batch..<min(batch + 20, samples.count)]))
                let answer = try client.execute(.post, "/v1/locations", headers: person.auth, body: JSONBody.encode(body))
                XCTAssertEqual(answer.status.code, 200, answer.text)
            }
            var kinds: [String] = []
            stream.timeoutSeconds = 1
            while kinds.filter({ $0 == "alert" }).count < 3, let chunk = try? stream.readChunk() {
                for line in String(decoding: chunk, as: UTF8.self).split(separator: "\n") where line.hasPrefix("event: ") {
                    kinds.append(String(line.dropFirst(7)))
                }
            }
            XCTAssertTrue(kinds.contains("location"), "\(kinds)")
            XCTAssertEqual(kinds.filter { $0 == "alert" }.count, 3, "left_zone raised, resolved, low_battery: \(kinds)")
        }
        let counts: (Int64, Int64, Int64) = try test.app.database.read { db in
            (try db.fetchOne("SELECT count(*) FROM alerts WHERE type = 'left_zone'") ?? 0,
             try db.fetchOne("SELECT count(*) FROM alerts WHERE type = 'left_zone' AND status = 'resolved'") ?? 0,
             try db.fetchOne("SELECT count(*) FROM alerts WHERE type = 'low_battery'") ?? 0)
        }
        XCTAssertEqual(counts.0, 1)
        XCTAssertEqual(counts.1, 1)
        XCTAssertEqual(counts.2, 1)
        XCTAssertEqual(test.app.statusBoard.status(of: person.key)?.zone, "Home")
    }
}
