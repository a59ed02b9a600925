import Foundation
import Homeward
import HomewardGeo
import HomewardHTTP
import XCTest

/// Each reader recognises its format from the content, reads the fixes of a real-shaped sample,
/// and names the line or JSON path of a bad record; a file cut off keeps what came before.
final class ImportReaderTests: XCTestCase {
    private func read(_ text: String) throws -> (format: ImportFormat?, fixes: [Fix]) {
        try read(Array(text.utf8))
    }

    private func read(_ bytes: [UInt8]) throws -> (format: ImportFormat?, fixes: [Fix]) {
        let reader = try ImportReader(try ImportInput(bytes: bytes))
        var fixes: [Fix] = []
        while let fix = try reader.next() { fixes.append(fix) }
        return (reader.format, fixes)
    }

    /// The fixes read before the problem, the problem, and the records skipped on the way.
    private func readUntilProblem(_ text: String) throws -> (fixes: [Fix], problem: ImportProblem?, rejections: ImportRejections) {
        let reader = try ImportReader(try ImportInput(bytes: Array(text.utf8)))
        var fixes: [Fix] = []
        do {
            while let fix = try reader.next() { fixes.append(fix) }
        } catch let problem as ImportProblem {
            return (fixes, problem, reader.rejections)
        }
        return (fixes, nil, reader.rejections)
    }

    private static let start = 1_704_182_400.0 // 2024-01-02T08:00:00Z

    func testTakeoutRecordsReadsE7TimestampsAndWrapsOverflowedLatitudes() throws {
        let (format, fixes) = try read(ImportSamples.takeoutRecords)
        XCTAssertEqual(format, .takeoutRecords)
        XCTAssertEqual(fixes.count, 3)
        XCTAssertEqual(fixes[0].t, 1_704_164_645.123, accuracy: 0.0001)
        XCTAssertEqual(fixes[0].lat, 51.5007, accuracy: 1e-9)
        XCTAssertEqual(fixes[0].accuracy, 12)
        XCTAssertEqual(fixes[1].t, 1_704_164_765)
        XCTAssertEqual(fixes[1].speed, 2)
        XCTAssertEqual(fixes[2].lat, -0.0000001, accuracy: 1e-9, "4294967295 is -1 in 32 bits")
        XCTAssertEqual(fixes[2].t, 1_704_161_165)
    }

    func testTimelineExportReadsPathsVisitsActivitiesAndRawSignals() throws {
        let (format, fixes) = try read(ImportSamples.timeline)
        XCTAssertEqual(format, .timeline)
        XCTAssertEqual(fixes.count, 7, "2 path points, a visit's start and end, an activity's start and end, 1 raw signal")
        XCTAssertEqual(fixes[0].t, Self.start - 3_600 + 600)
        XCTAssertEqual(fixes[1].lat, 51.501)
        XCTAssertEqual(fixes[2].lat, 51.5136)
        XCTAssertEqual(fixes[6].accuracy, 13)
    }

    func testSemanticLocationHistoryReadsVisitsAndActivitySegments() throws {
        let (format, fixes) = try read(ImportSamples.semanticHistory)
        XCTAssertEqual(format, .semanticHistory)
        XCTAssertEqual(fixes.map(\.t), [Self.start, Self.start + 900, Self.start + 1_800, Self.start + 1_800, 1_704_214_800])
        XCTAssertEqual(fixes[1].lat, 51.507, accuracy: 1e-9)
    }

    func testGPXReadsTrackPointsWithTimesAndSkipsComments() throws {
        let (format, fixes) = try read(ImportSamples.gpx)
        XCTAssertEqual(format, .gpx)
        XCTAssertEqual(fixes, [Fix(t: Self.start, lat: 51.5007, lon: -0.1246, accuracy: 10, speed: 1.4),
                               Fix(t: Self.start + 10, lat: 51.5009, lon: -0.1244)])
    }

    func testKMLPairsEachWhenWithItsCoordinate() throws {
        let (format, fixes) = try read(ImportSamples.kml)
        XCTAssertEqual(format, .kml)
        XCTAssertEqual(fixes.map(\.t), [Self.start, Self.start + 10, Self.start + 20])
        XCTAssertEqual(fixes.map(\.lat), [51.5007, 51.5009, 51.5011])
    }

    func testCSVWithoutAHeaderReadsSecondsAndRFC3339() throws {
        let (format, fixes) = try read(ImportSamples.csv)
        XCTAssertEqual(format, .csv)
        XCTAssertEqual(fixes, [Fix(t: Self.start, lat: 51.5007, lon: -0.1246, accuracy: 12),
                               Fix(t: Self.start + 10, lat: 51.5009, lon: -0.1244)])
    }

    func testOwnTracksRecorderLinesReadLocationsOnly() throws {
        let (format, fixes) = try read(ImportSamples.ownTracks)
        XCTAssertEqual(format, .ownTracksRecorder)
        XCTAssertEqual(fixes.map(\.t), [Self.start, Self.start + 10])
        XCTAssertEqual(fixes[0].accuracy, 12)
        XCTAssertEqual(try XCTUnwrap(fixes[0].speed), 5 / 3.6, accuracy: 1e-9, "vel is km/h")
    }

    func testGeoJSONReadsPointsAndLineStringsWithCoordTimes() throws {
        let (format, fixes) = try read(ImportSamples.geoJSON)
        XCTAssertEqual(format, .geoJSON)
        XCTAssertEqual(fixes.map(\.t), [Self.start, Self.start + 10, Self.start + 20])
        XCTAssertEqual(fixes[0].accuracy, 12)
    }

    func testGzipIsInflatedWhateverTheName() throws {
        for sample in [ImportSamples.takeoutRecords, ImportSamples.gpx, ImportSamples.ownTracks] {
            let plain = try read(sample)
            let compressed = try read(Gzip.compress(Array(sample.utf8)))
            XCTAssertEqual(compressed.format, plain.format)
            XCTAssertEqual(compressed.fixes, plain.fixes)
        }
    }

    func testAFileIsReadInBoundedChunksFromDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).json.gz")
        defer { try? FileManager.default.removeItem(at: url) }
        let count = 20_000
        var text = "{\"locations\":["
        for index in 0..<count {
            if index > 0 { text += "," }
            text += "{\"latitudeE7\":\(515_000_000 + index),\"longitudeE7\":-1246000,\"timestampMs\":\"\(1_704_182_400_000 + Int64(index) * 1000)\"}"
        }
        text += "]}"
        try Data(Gzip.compress(Array(text.utf8))).write(to: url)
        let input = try ImportInput(path: url.path)
        let reader = try ImportReader(input)
        var last: Fix?
        while let fix = try reader.next() { last = fix }
        XCTAssertEqual(reader.count, count)
        XCTAssertEqual(last?.t, 1_704_182_400 + Double(count - 1))
        XCTAssertEqual(reader.progress.bytes, reader.progress.total)
    }

    func testABadRecordIsSkippedNamingItsPathOrLineAndWhatWasExpected() throws {
        let records = try readUntilProblem("""
            {"locations": [
              {"latitudeE7": 515007000, "longitudeE7": -1246000, "timestamp": "2024-01-02T08:00:00Z"},
              {"latitudeE7": 515007000, "timestamp": "2024-01-02T08:00:10Z"},
              {"latitudeE7": 515007000, "longitudeE7": -1246000, "timestamp": "2024-01-02T08:00:20Z"}
            ]}
            """)
        XCTAssertEqual(records.fixes.count, 2)
        XCTAssertNil(records.problem)
        XCTAssertEqual(records.rejections, ImportRejections(count: 1, reasons: ["line 3, locations[1]: expected latitudeE7 and longitudeE7"]))

        let syntax = try readUntilProblem("{\"locations\": [{\"latitudeE7\": 1 \"longitudeE7\": 2}]}")
        XCTAssertEqual(syntax.problem?.description, "line 1, locations[0]: expected ',' or '}'")

        let csv = try readUntilProblem("t,lat,lon\n1704182400,51.5,-0.12\n1704182410,north,-0.12\n")
        XCTAssertEqual(csv.fixes.count, 1)
        XCTAssertEqual(csv.rejections.reasons, ["line 3: expected numeric lat and lon in columns 2 and 3"])

        let gpx = try readUntilProblem("<gpx>\n<trkpt lat=\"51.5\" lon=\"0\"><time>2024-01-02T08:00:00Z</time></trkpt>\n<trkpt lat=\"51.5\">\n</trkpt></gpx>")
        XCTAssertEqual(gpx.fixes.count, 1)
        XCTAssertEqual(gpx.problem?.description, "line 3: expected a <trkpt> with lat, lon and a <time>")

        let kml = try readUntilProblem("<kml><gx:Track><when>2024-01-02T08:00:00Z</when><when>x</when></gx:Track></kml>")
        XCTAssertEqual(kml.problem?.description, "line 1: expected an RFC 3339 <when>")

        let timeline = try readUntilProblem("{\"semanticSegments\":[{\"timelinePath\":[{\"point\":\"north\",\"time\":\"2024-01-02T08:00:00Z\"}]}]}")
        XCTAssertEqual(timeline.rejections.reasons, ["line 1, semanticSegments[0].timelinePath[0].point: expected \"lat°, lon°\" or \"geo:lat,lon\""])

        XCTAssertThrowsError(try read("")) { XCTAssertEqual("\($0)", "line 1: expected positions, but the file is empty") }
    }

    func testAFileCutOffStoresWhatCameBeforeAndSaysWhereItStopped() throws {
        let whole = ImportSamples.takeoutRecords
        let cut = String(whole[..<whole.range(of: "\"velocity\"")!.lowerBound])
        let records = try readUntilProblem(cut)
        XCTAssertEqual(records.fixes.count, 1)
        XCTAssertEqual(records.problem?.isTruncation, true)
        XCTAssertEqual(records.problem?.location, "locations[1] (line 13)")

        let gzip = Gzip.compress(Array(whole.utf8))
        let reader = try ImportReader(try ImportInput(bytes: Array(gzip.prefix(gzip.count - 20))))
        var read = 0
        XCTAssertThrowsError(try { while try reader.next() != nil { read += 1 } }()) { error in
            XCTAssertEqual((error as? ImportProblem)?.isTruncation, true, "\(error)")
        }

        let gpx = try readUntilProblem("<gpx><trk><trkseg><trkpt lat=\"51.5\" lon=\"0\"><time>2024-01-02T08:00:00Z</time></trkpt><trkpt lat=\"51.5\" lo")
        XCTAssertEqual(gpx.fixes.count, 1)
        XCTAssertEqual(gpx.problem?.isTruncation, true)
    }
}
