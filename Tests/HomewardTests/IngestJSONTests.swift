@testable import Homeward
import XCTest

/// The hand-written JSON of ingest answers and location events must equal what `JSONEncoder` writes.
final class IngestJSONTests: XCTestCase {
    func testLocationEventMatchesJSONEncoder() throws {
        var generator = SystemRandomNumberGenerator()
        func maybe(_ range: ClosedRange<Double>) -> Double? {
            Bool.random(using: &generator) ? nil : (Double.random(in: range, using: &generator) * 10).rounded() / 10
        }
        for index in 0..<500 {
            let fix = StoredLocation(
                time: Timestamp(unixMilliseconds: Int64.random(in: 0...4_102_444_800_000, using: &generator)),
                sampleHash: 0,
                lat: (Double.random(in: -90...90, using: &generator) * 1e7).rounded() / 1e7,
                lon: (Double.random(in: -180...180, using: &generator) * 1e7).rounded() / 1e7,
                accuracyMetres: maybe(0...5000), altitudeMetres: maybe(-400...9000), speedMetresPerSecond: maybe(0...90),
                headingDegrees: maybe(0...359), batteryPercent: maybe(0...100), flags: [])
            let event = LocationEvent(accountID: "acc_\(index)\"é", location: LocationResource(fix))
            XCTAssertEqual(String(decoding: event.jsonBytes, as: UTF8.self), String(decoding: try JSONBytes.encode(event), as: UTF8.self))
        }
    }

    func testIngestResultMatchesJSONEncoder() throws {
        let results = [
            IngestResult(),
            IngestResult(accepted: 998, duplicates: 2, rejected: []),
            IngestResult(accepted: 1, duplicates: 0, rejected: [
                SampleRejection(index: 3, code: "out_of_range", message: "`samples[3].lat` must be between -90 and 90.", field: "samples[3].lat"),
                SampleRejection(index: 7, code: "duplicate_in_request", message: "Same \"id\" as sample 2.", field: nil),
            ]),
        ]
        for result in results {
            XCTAssertEqual(String(decoding: result.json.bytes, as: UTF8.self), String(decoding: try JSONBytes.encode(result), as: UTF8.self))
        }
    }
}
