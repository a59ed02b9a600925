@testable import Homeward
import HomewardGeo
import XCTest

/// The Records.json hot path reads `locations` straight from the buffer; whatever it does not know
/// (or a record cut by the buffer's end) it leaves to the careful reader, so the fixes, rejections
/// and line numbers are those of the careful reader whatever the shape and wherever chunks end.
final class RecordsBufferScannerTests: XCTestCase {
    private static let start: Int64 = 1_704_182_400 // 2024-01-02T08:00:00Z

    /// Record `i` of a file mixing every shape, and the fix it must give (nil: it is rejected).
    private static func record(_ i: Int) -> (text: String, fix: Fix?) {
        let seconds = start + Int64(i) * 60
        let t = Double(seconds)
        let latE7 = 515_000_000 + i * 37, lonE7 = -1_246_000 - i * 53
        let lat = Double(latE7) / 1e7, lon = Double(lonE7) / 1e7
        let rfc3339 = Timestamp(unixMilliseconds: seconds * 1000 + 250).rfc3339
        switch i % 9 {
        case 0:
            // timestampMs as a string; ignored members of every kind, nested.
            return ("""
                {"latitudeE7": \(latE7), "longitudeE7": \(lonE7), "accuracy": 12, "source": "WIFI", "deviceTag": -1234567890,
                 "activity": [{"activity": [{"type": "STILL", "confidence": 100}, {"type": "ON_FOOT", "confidence": 1.5e1}],
                   "timestamp": "2024-01-02T03:05:00Z"}], "flags": [true, false, null, {}, [], -0.5E-3], "timestampMs": "\(seconds * 1000)"}
                """, Fix(t: t, lat: lat, lon: lon, accuracy: 12))
        case 1:
            // An RFC 3339 time with a fraction; escapes inside skipped strings.
            return (#"{"timestamp": "\#(rfc3339)", "source": "W\"I\\F\u00e9I", "latitudeE7": \#(latE7), "velocity": 3, "longitudeE7": \#(lonE7)}"#,
                    Fix(t: t + 0.25, lat: lat, lon: lon, speed: 3))
        case 2:
            // timestampMs as a number, a decimal accuracy, tabs and CRLF between the members.
            return ("{\r\n\t\"latitudeE7\" :\t\(latE7) ,\r\n\t\"longitudeE7\": \(lonE7),\r\n\t\"accuracy\": 12.5,\r\n\t\"timestampMs\": \(seconds * 1000)\r\n}",
                    Fix(t: t, lat: lat, lon: lon, accuracy: 12.5))
        case 3:
            // A time with an offset; a latitude written as a 32-bit overflow.
            let local = Timestamp(unixMilliseconds: (seconds + 3_600) * 1000).rfc3339.dropLast(5) + "+01:00"
            return ("{\"latitudeE7\": 4294967295, \"longitudeE7\": \(lonE7), \"timestamp\": \"\(local)\"}",
                    Fix(t: t, lat: JSONExportReader.degrees(e7: 4_294_967_295, limit: 90), lon: lon))
        case 4:
            // An escape in a member's name: the careful reader's.
            return (#"{"latitude\u0045\u0037": \#(latE7), "longitudeE7": \#(lonE7), "timestampMs": "\#(seconds * 1000)"}"#,
                    Fix(t: t, lat: lat, lon: lon))
        case 5:
            // A latitude as a string of digits: the careful reader's (which reads it as a number).
            return ("{\"latitudeE7\": \"\(latE7)\", \"longitudeE7\": \(lonE7), \"timestampMs\": \"\(seconds * 1000)\"}",
                    Fix(t: t, lat: lat, lon: lon))
        case 6:
            // No longitude: rejected.
            return ("{\"latitudeE7\": \(latE7), \"timestampMs\": \"\(seconds * 1000)\"}", nil)
        case 7:
            // Nesting deeper than the buffer scanner follows.
            let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
            return ("{\"deep\": \(deep), \"latitudeE7\": \(latE7), \"longitudeE7\": \(lonE7), \"timestampMs\": \"\(seconds * 1000)\"}",
                    Fix(t: t, lat: lat, lon: lon))
        default:
            // A time that is not RFC 3339 beside a good timestampMs, and a member repeated (the last counts).
            return ("{\"latitudeE7\": 1, \"latitudeE7\": \(latE7), \"longitudeE7\": \(lonE7), \"timestamp\": \"soon\", \"timestampMs\": \"\(seconds * 1000)\"}",
                    Fix(t: t, lat: lat, lon: lon))
        }
    }

    /// A Records.json of `count` records, the fixes it must give and the rejection reasons.
    private static func file(records count: Int) -> (bytes: [UInt8], fixes: [Fix], reasons: [String]) {
        var text = "{\n  \"locations\": [\n", fixes: [Fix] = [], reasons: [String] = []
        for index in 0..<count {
            let (record, fix) = record(index)
            text += (index == 0 ? "    " : ",\n    ") + record
            if let fix {
                fixes.append(fix)
            } else {
                let line = text.utf8.count(where: { $0 == 0x0A }) + 1
                reasons.append("line \(line), locations[\(index)]: expected latitudeE7 and longitudeE7")
            }
        }
        text += "\n  ]\n}\n"
        return (Array(text.utf8), fixes, reasons)
    }

    private func read(_ input: ImportInput) throws -> (fixes: [Fix], rejections: ImportRejections) {
        let reader = try ImportReader(input)
        var fixes: [Fix] = []
        var limit = 1_000
        while try reader.read(into: &fixes, limit: limit) { limit += 1_000 }
        XCTAssertEqual(reader.count, fixes.count)
        XCTAssertEqual(reader.format, .takeoutRecords)
        return (fixes, reader.rejections)
    }

    func testEveryShapeReadsAsTheCarefulReaderReadsItWhereverTheChunksEnd() throws {
        // Over 64 KiB, so the buffer is refilled and the scan stops short of its end many times.
        let (bytes, expected, reasons) = Self.file(records: 2_000)
        XCTAssertGreaterThan(bytes.count, 3 * JSONExportReader.bufferScanBytes)
        for chunk in [1, 3, 7, 100, 4_096, 65_536, 262_144] {
            let (fixes, rejections) = try read(try ImportInput(bytes: bytes, chunkBytes: chunk))
            XCTAssertEqual(fixes.count, expected.count, "chunks of \(chunk)")
            for (index, (fix, want)) in zip(fixes, expected).enumerated() where fix != want {
                XCTFail("fix \(index) in chunks of \(chunk): \(fix) instead of \(want)")
                break
            }
            XCTAssertEqual(rejections.count, reasons.count)
            XCTAssertEqual(rejections.reasons, Array(reasons.prefix(ImportRejections.maxReasons)), "chunks of \(chunk)")
        }
        // One fix at a time gives the same.
        let reader = try ImportReader(try ImportInput(bytes: bytes))
        var one: [Fix] = []
        while let fix = try reader.next() { one.append(fix) }
        XCTAssertEqual(one, expected)
    }

    func testARecordCutAnywhereIsLeftWholeToTheCarefulReader() throws {
        let text = """
            {"latitudeE7": -515007000, "longitudeE7": 1246000, "accuracy": 12, "activity": [{"type": "STILL"}], "timestampMs": "1704164765000"},
            {"timestamp": "2024-01-02T03:04:05.123Z", "source": "W\\"IFI", "latitudeE7": 515009000, "longitudeE7": -1244000, "velocity": 2.5},
            {"latitudeE7": 515011000, "longitudeE7": -1242000, "timestampMs": 1704164865000, "verticalAccuracy": 3},
            {"latitudeE7": 515013000, "longitudeE7": -1240000, "timestampMs": "1704164925000"}]
            """
        let bytes = Array(text.utf8)
        let whole = [
            Fix(t: 1_704_164_765, lat: -51.5007, lon: 0.1246, accuracy: 12),
            Fix(t: 1_704_164_645.123, lat: 51.5009, lon: -0.1244, speed: 2.5),
            Fix(t: 1_704_164_865, lat: 51.5011, lon: -0.1242),
        ]
        // Where each record's comma is: a record counts once its comma is in the buffer.
        let commas = bytes.indices.filter { index in
            bytes[index] == UInt8(ascii: ",") && index + 1 < bytes.count && bytes[index + 1] == 0x0A
        }
        XCTAssertEqual(commas.count, 3)
        for cut in 0...bytes.count {
            var fixes: [Fix] = []
            let (taken, records) = bytes.withUnsafeBufferPointer { all in
                RecordsBufferScanner.records(
                    in: UnsafeBufferPointer(rebasing: all[..<cut]), startingBefore: cut, maxRecords: 100, into: &fixes)
            }
            let complete = commas.count(where: { $0 < cut })
            XCTAssertEqual(records, complete, "cut at \(cut)")
            XCTAssertEqual(taken, complete == 0 ? 0 : commas[complete - 1] + 1, "cut at \(cut)")
            XCTAssertEqual(fixes, Array(whole.prefix(complete)), "cut at \(cut)")
        }
        // The last record (before `]`) is the careful reader's, and so is one starting past the limit.
        var fixes: [Fix] = []
        let late = bytes.withUnsafeBufferPointer { all in
            RecordsBufferScanner.records(in: all, startingBefore: commas[0], maxRecords: 100, into: &fixes)
        }
        XCTAssertEqual(late.records, 1, "the first record starts before the limit; the second after it")
        XCTAssertEqual(late.taken, commas[0] + 1)
    }

    func testTheShapesOfARealFileAreReadFromTheBufferItself() throws {
        // Those of a Takeout file: both times, E7 integers, nested members skipped, escapes in skipped strings.
        for index in 0..<4 {
            let (text, fix) = Self.record(index)
            let bytes = Array((text + ",").utf8)
            var fixes: [Fix] = []
            let (taken, records) = bytes.withUnsafeBufferPointer { all in
                RecordsBufferScanner.records(in: all, startingBefore: all.count, maxRecords: 10, into: &fixes)
            }
            XCTAssertEqual(records, 1, text)
            XCTAssertEqual(taken, bytes.count, text)
            XCTAssertEqual(fixes, [try XCTUnwrap(fix)], text)
        }
    }

    func testWhatTheBufferScannerDoesNotKnowIsLeftToTheCarefulReader() throws {
        let left = [
            "{}",
            #"{"latitudeE7": 515007000, "longitudeE7": -1246000, "timestamp": "2024-01-02T03:04:05\u005a"}"#,
            #"{"latitudeE7": 515007000, "longitudeE7": -1246000}"#,
            #"{"latitudeE7": 515007000, "longitudeE7": -1246000, "timestampMs": "17041647650000000000"}"#,
            #"{"latitudeE7": 915007000, "longitudeE7": -1246000, "timestampMs": "1704164765000"}"#,
            #"{"latitudeE7": 515007000, "longitudeE7": -1246000, "timestampMs": "1704164765000", "x": tru}"#,
            #"{"latitudeE7": 515007000, "longitudeE7": -1246000, "timestampMs": "1704164765000", "x": 1.2.3}"#,
            #"{"latitudeE7": 515007000, "longitudeE7": -1246000, "timestampMs": "1704164765000" "x": 1}"#,
            #"{"latitudeE7": null, "longitudeE7": -1246000, "timestampMs": "1704164765000"}"#,
            #"["latitudeE7", 515007000]"#,
        ]
        for record in left {
            let bytes = Array((record + ",").utf8)
            var fixes: [Fix] = []
            let (taken, records) = bytes.withUnsafeBufferPointer { all in
                RecordsBufferScanner.records(in: all, startingBefore: all.count, maxRecords: 10, into: &fixes)
            }
            XCTAssertEqual(records, 0, record)
            XCTAssertEqual(taken, 0, record)
            XCTAssertTrue(fixes.isEmpty, record)
        }
    }
}
