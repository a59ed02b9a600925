import Foundation
import HomewardHTTP
import Logging
import XCTest
@testable import Homeward

final class SampleBatchParserTests: XCTestCase {
    /// Values a generated sample field may take, valid and not, as JSON text, that the fast reader reads.
    private static let plainValues = [
        "null", "0", "-0", "1", "51.5012345", "-0.1201", "1795262400", "1795262400.123",
        "-91", "400", "\"2026-11-21T12:00:00Z\"", "\"2026-11-21T13:00:00.5+01:00\"", "\"x-1\"", "\"\"",
        "\"12\"", "\"2026-02-30T00:00:00Z\"", "\"walking\"", "\"\(String(repeating: "a", count: 129))\"",
    ]
    /// Values the fast reader leaves to `JSONDecoder` (invalid JSON among them).
    private static let otherValues = ["1e400", "1e-349", "-2e-324", "0E5", "1.5e3", "2E-2", "true", "[]", "{}", "\"caf\\u00e9\"", "01", "1.", "-"]

    private func body(sampleCount: Int, seed: Int, keys: [String]) -> [UInt8] {
        var samples: [String] = []
        for sample in 0..<sampleCount {
            var fields: [String] = []
            let values = seed % 5 == 0 ? Self.plainValues + Self.otherValues : Self.plainValues
            for (position, key) in keys.enumerated() {
                let choice = (seed * 7919 + sample * 104_729 + position * 1_299_709) % (values.count + 3)
                guard choice < values.count else { continue }
                fields.append("\"\(key)\" : \(values[choice])")
            }
            samples.append("{" + fields.joined(separator: seed % 2 == 0 ? "," : " ,\n\t") + "}")
        }
        return Array("{\"samples\": [\(samples.joined(separator: ", "))] }".utf8)
    }

    private func assertReadersAgree<Sample: IngestSample & Equatable>(
        _ type: Sample.Type, on body: [UInt8], file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        let reference = try? JSONDecoder().decode(SampleBatch<Sample>.self, from: Data(body)).samples
        guard let fast = SampleBatchParser<Sample>.samples(in: body) else { return false }
        XCTAssertEqual(fast, reference, String(decoding: body, as: UTF8.self), file: file, line: line)
        return true
    }

    func testFastReaderDecodesGeneratedLocationBatchesAsJSONDecoderDoes() {
        var fastCount = 0
        for seed in 0..<600 {
            let keys = Array(LocationSample.fieldNames.shuffledDeterministically(seed: seed))
            if assertReadersAgree(LocationSample.self, on: body(sampleCount: 1 + seed % 4, seed: seed, keys: keys)) { fastCount += 1 }
        }
        XCTAssertGreaterThan(fastCount, 50, "too few generated bodies took the fast path to compare")
    }

    func testFastReaderDecodesGeneratedMotionBatchesAsJSONDecoderDoes() {
        var fastCount = 0
        for seed in 0..<600 {
            if assertReadersAgree(MotionSample.self, on: body(sampleCount: 1 + seed % 3, seed: seed, keys: MotionSample.fieldNames)) {
                fastCount += 1
            }
        }
        XCTAssertGreaterThan(fastCount, 50, "too few generated bodies took the fast path to compare")
    }

    /// A number with an exponent is JSONDecoder's to read, whatever it is: JSONDecoder refuses some
    /// the fast reader once read (`1e-349` as 0, found by the ingest fuzzer; `0E5`).
    func testNumbersWithAnExponentAreLeftToJSONDecoder() {
        for text in ["1e-349", "-2e-324", "0.5e-400", "0e308", "0E5", "1.5e3", "2E-2"] {
            let body = Array(#"{"samples":[{"t":1795262400,"lat":\#(text),"lon":0}]}"#.utf8)
            XCTAssertNil(SampleBatchParser<LocationSample>.samples(in: body), text)
        }
    }

    func testShortDecimalsConvertExactlyAsStrtodDoes() {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "0", "-0", "0.0", "-0.0", "1", "0.1", "0.3", "2.675", "51.5012345", "-0.1201", "179.9999999", "-89.9999999",
            "123456789012345", "1234567890.12345", "0.000000000000001", "999999999999999", "9999999999999999",
            "1795262400.123", "4.35", "0.1234567890123456789", "12345678901234567890", "1e22", "5E-324", "1.7976931348623157e308",
            "1299999999999999999999999999", "-18446744073709551616", String(repeating: "9", count: 39), "0." + String(repeating: "1", count: 37),
        ]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...17, using: &generator)
            let point = Int.random(in: 0...digits, using: &generator)
            var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            if point < digits { text.insert(".", at: text.index(text.startIndex, offsetBy: max(1, point))) }
            texts.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        for text in texts {
            let body = Array(#"{"samples":[{"t":1795262400,"lat":\#(text),"lon":0}]}"#.utf8)
            guard let samples = SampleBatchParser<LocationSample>.samples(in: body) else { continue } // leading zeros: not JSON
            guard case .sample(let sample)? = samples.first, let expected = Double(text) else {
                XCTAssertEqual(Double(text).map { abs($0) > 90 }, true, text) // out of range for a latitude: a problem
                continue
            }
            XCTAssertEqual(sample.lat.bitPattern, expected.bitPattern, text)
        }
    }

    func testCommonBodiesTakeTheFastPath() {
        let bodies = [
            #"{"samples":[]}"#,
            #" {"samples" : [ {"id":"a-1","t":1795262400.5,"lat":51.5,"lon":-0.12,"accuracy":5,"battery":null} ] } "#,
            #"{"samples":[{"t":"2026-11-21T12:00:00Z","lat":1,"lon":2},{"t":1,"lat":"x","lon":2},{}]}"#,
        ]
        for body in bodies {
            XCTAssertNotNil(SampleBatchParser<LocationSample>.samples(in: Array(body.utf8)), body)
            XCTAssertTrue(assertReadersAgree(LocationSample.self, on: Array(body.utf8)), body)
        }
    }

    func testUncommonBodiesAreLeftToJSONDecoder() {
        let bodies = [
            "", "[]", #"{}"#, #"{"samples":null}"#, #"{"samples":[1]}"#, #"{"samples":[],"extra":1}"#,
            #"{"samples":[{"t":1,"lat":1,"lon":1,"provider":"gps"}]}"#, #"{"samples":[{"t":1,"t":2,"lat":1,"lon":1}]}"#,
            #"{"samples":[{"id":"a\"b","t":1,"lat":1,"lon":1}]}"#, #"{"samples":[{"id":"é","t":1,"lat":1,"lon":1}]}"#,
            #"{"samples":[{"t":true,"lat":1,"lon":1}]}"#, #"{"samples":[{"t":1e999,"lat":1,"lon":1}]}"#,
            #"{"samples":[{"t":01,"lat":1,"lon":1}]}"#, #"{"samples":[{"t":1,"lat":1,"lon":1},]}"#,
            #"{"samples":[]} x"#, #"{"samples":[]"#, #"{"samples":[{"t":-,"lat":1,"lon":1}]}"#,
        ]
        for body in bodies {
            XCTAssertNil(SampleBatchParser<LocationSample>.samples(in: Array(body.utf8)), body)
        }
    }

    func testBothReadersGiveTheSameAnswerForEveryBody() throws {
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let now = Timestamp(unixMilliseconds: 1_795_262_400_000)
        var bodies = (0..<200).map { body(sampleCount: 1 + $0 % 3, seed: $0, keys: LocationSample.fieldNames) }
        bodies += ["", "{", #"{"samples":null}"#, #"{"samples":[1,{"t":1}]}"#, #"{"samples":{}}"#].map { Array($0.utf8) }
        bodies.append(Array(("{\"samples\":[" + Array(repeating: #"{"t":1,"lat":1,"lon":1}"#, count: 1001).joined(separator: ",") + "]}").utf8))
        for body in bodies {
            let request = HTTPRequest(method: .post, target: "/v1/locations", headers: ["Content-Type": "application/json"], body: body)
            let context = RequestContext(
                request: request, parameters: [:], query: try QueryParameters(parsing: ""), routeTemplate: "/v1/locations",
                requestID: "test", remoteAddress: "127.0.0.1:0", logger: logger)
            let fast = Result { () throws(HTTPError) in try IngestBodyDecoder.checkLocations(in: context, at: now, reader: .fast) }
            let reference = Result { () throws(HTTPError) in try IngestBodyDecoder.checkLocations(in: context, at: now, reader: .reference) }
            XCTAssertEqual(fast, reference, String(decoding: body.prefix(200), as: UTF8.self))
        }
    }
}

private extension Array {
    /// The elements in an order fixed by `seed` (a rotation and an optional reversal).
    func shuffledDeterministically(seed: Int) -> [Element] {
        guard !isEmpty else { return self }
        let rotation = seed % count
        let rotated = Array(self[rotation...] + self[..<rotation])
        return seed % 3 == 0 ? rotated.reversed() : rotated
    }
}
