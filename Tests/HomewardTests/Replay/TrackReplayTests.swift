import Foundation
import HomewardGeo
import XCTest

@testable import Homeward

final class TrackReplayTests: XCTestCase {
    static let home = (lat: 51.5007, lon: -0.1246)

    /// A walk out of a 150 m home zone to 600 m and back, a fix every 10 s, as CSV rows.
    static func walkOutAndBack() -> [(t: Double, lat: Double, lon: Double)] {
        var rows: [(Double, Double, Double)] = []
        var t = 1_795_428_000.0  // a Monday, 10:00 in London
        var north = 0.0
        for step in [Double](repeating: 0, count: 30) + Array(repeating: 13, count: 46) + Array(repeating: 0, count: 30)
            + Array(repeating: -13, count: 46) + Array(repeating: 0, count: 30) {
            north += step
            rows.append((t, home.lat + north / 111_320, home.lon))
            t += 10
        }
        return rows
    }

    func replay(_ fixes: [Fix]) -> [ReplayedAlert] {
        var replay = TrackReplay(
            zones: [TrackReplay.homeZone(lat: Self.home.lat, lon: Self.home.lon, radiusMetres: 150, timeZone: "Europe/London")],
            timeZone: TimeZone(identifier: "Europe/London")!)
        return replay.run(fixes)
    }

    /// The fixes of a small track file, oldest first, as `homeward replay` reads them.
    private func track(_ text: String) throws -> [Fix] {
        try ImportReader.fixes(of: Array(text.utf8)).sorted { $0.t < $1.t }
    }

    func testACSVWalkOutAndBackRaisesAndResolvesOneLeftZone() throws {
        let csv = "t,lat,lon,accuracy\n" + Self.walkOutAndBack().map { "\(Int($0.t)),\($0.lat),\($0.lon),10" }.joined(separator: "\n")
        let alerts = replay(try track(csv))
        XCTAssertEqual(alerts.map(\.change), [.raised, .resolved])
        XCTAssertEqual(alerts.map(\.type), [.leftZone, .leftZone])
        XCTAssertEqual(alerts.first?.message, "Left Home.")
        XCTAssertEqual(alerts.first?.cause, AlertCause.outsideZone("home"))
    }

    func testARaisedExitCarriesTheEvidenceItWasRaisedOn() throws {
        let csv = "t,lat,lon,accuracy\n" + Self.walkOutAndBack().map { "\(Int($0.t)),\($0.lat),\($0.lon),10" }.joined(separator: "\n")
        let alerts = replay(try track(csv))
        let evidence = try XCTUnwrap(alerts.first?.evidence)
        XCTAssertGreaterThanOrEqual(evidence.fixes.count, 2)
        XCTAssertGreaterThan(evidence.metresBeyond ?? 0, 0)
        XCTAssertEqual(evidence.worstAccuracy, 10)
        XCTAssertTrue(alerts[0].evidenceSummary.contains("m beyond"), alerts[0].evidenceSummary)
        XCTAssertNil(alerts.last?.evidence, "a resolution carries none")
        XCTAssertEqual(alerts.last?.evidenceSummary, "-")
    }

    func testGPXAndGeoJSONReadTheSameFixesAsCSV() throws {
        let rows = Array(Self.walkOutAndBack().prefix(3))
        let csv = "time,latitude,longitude\n" + rows.map { "\(Timestamp(unixMilliseconds: Int64($0.t * 1000)).rfc3339),\($0.lat),\($0.lon)" }
            .joined(separator: "\n")
        let gpx = """
            <?xml version="1.0"?><gpx version="1.1"><trk><trkseg>
            \(rows.map { "<trkpt lat=\"\($0.lat)\" lon=\"\($0.lon)\"><time>\(Timestamp(unixMilliseconds: Int64($0.t * 1000)).rfc3339)</time></trkpt>" }.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """
        let geoJSON = """
            {"type":"FeatureCollection","features":[\(rows.map {
                "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\($0.lon),\($0.lat)]},\"properties\":{\"timestamp\":\(Int($0.t))}}"
            }.joined(separator: ","))]}
            """
        let expected = try track(csv)
        XCTAssertEqual(expected.count, 3)
        XCTAssertEqual(try track(gpx), expected)
        XCTAssertEqual(try track(geoJSON), expected)
    }

    func testABadTrackNamesTheLineOrPoint() {
        XCTAssertThrowsError(try track("t,lat,lon\n1795428000,51.5,x")) { error in
            XCTAssertEqual(
                "\(error)", "line 2: cut off: the file ends inside this line (expected numeric lat and lon in columns 2 and 3)")
        }
        XCTAssertThrowsError(try track("when,where\n1,2")) { error in
            XCTAssertEqual("\(error)", "line 1: expected a header naming t, lat and lon (or a first row of values)")
        }
        XCTAssertThrowsError(try track("t,lat,lon\n1795428000,95,0")) { error in
            XCTAssertEqual("\(error)", "line 2: expected a latitude within ±90 and a longitude within ±180")
        }
        XCTAssertThrowsError(try track("<gpx><trkpt lat=\"51.5\" lon=\"0\"></trkpt></gpx>")) { error in
            XCTAssertEqual("\(error)", "line 1: expected a <trkpt> with lat, lon and a <time>")
        }
    }

    func testAStoredHistoryReplaysWithTheAccountsZonesAndStoresNothing() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            _ = try client.execute(.post, "/v1/accounts/\(person.id)/zones", headers: person.auth, body: Array("""
                {"name":"Home","center":{"lat":\(Self.home.lat),"lon":\(Self.home.lon)},"radius":150,"home":true,"timeZone":"Europe/London"}
                """.utf8))
            let samples = Self.walkOutAndBack().map { "{\"t\":\(Int($0.t)),\"lat\":\($0.lat),\"lon\":\($0.lon),\"accuracy\":10}" }
            _ = try client.execute(.post, "/v1/locations", headers: person.auth, body: Array("{\"samples\":[\(samples.joined(separator: ","))]}".utf8))
        }
        let alertsBefore: Int64 = try test.app.database.read { db in try db.fetchOne("SELECT count(*) FROM alerts") ?? 0 }
        let stored = try XCTUnwrap(try test.app.database.read { db in
            try StoredTrack.read(
                accountID: person.id, from: Timestamp(unixMilliseconds: 1_795_000_000_000),
                to: Timestamp(unixMilliseconds: 1_796_000_000_000), in: db)
        })
        XCTAssertEqual(stored.fixes.count, Self.walkOutAndBack().count)
        var replay = TrackReplay(zones: stored.zones, timeZone: stored.timeZone)
        XCTAssertEqual(replay.run(stored.fixes).map(\.type), [.leftZone, .leftZone])
        let alertsAfter: Int64 = try test.app.database.read { db in try db.fetchOne("SELECT count(*) FROM alerts") ?? 0 }
        XCTAssertEqual(alertsAfter, alertsBefore)
        XCTAssertNil(try test.app.database.read { db in
            try StoredTrack.read(accountID: "nobody", from: Timestamp(unixMilliseconds: 0), to: Timestamp(unixMilliseconds: 1), in: db)
        })
    }
}
