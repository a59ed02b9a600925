import Foundation
import XCTest
@testable import Homeward

final class TimestampTests: XCTestCase {
    private func parsed(_ text: String) -> Int64? {
        Timestamp(rfc3339: text)?.unixMilliseconds
    }

    func testUTCTimeWithMillisecondsParses() {
        XCTAssertEqual(parsed("2026-11-21T22:43:01.123Z"), 1_795_300_981_123)
        XCTAssertEqual(parsed("1970-01-01T00:00:00Z"), 0)
        XCTAssertEqual(parsed("1970-01-01T00:00:00.001Z"), 1)
    }

    func testOffsetsAreAppliedToGetUTC() {
        XCTAssertEqual(parsed("2026-11-22T00:43:01.123+02:00"), 1_795_300_981_123)
        XCTAssertEqual(parsed("2026-11-21T17:13:01.123-05:30"), 1_795_300_981_123)
        XCTAssertEqual(parsed("2026-11-21T22:43:01.123+00:00"), 1_795_300_981_123)
        XCTAssertEqual(parsed("2026-11-21T22:43:01.123-00:00"), 1_795_300_981_123)
    }

    func testFractionOfAnyLengthKeepsMilliseconds() {
        XCTAssertEqual(parsed("2026-11-21T22:43:01Z"), 1_795_300_981_000)
        XCTAssertEqual(parsed("2026-11-21T22:43:01.1Z"), 1_795_300_981_100)
        XCTAssertEqual(parsed("2026-11-21T22:43:01.12Z"), 1_795_300_981_120)
        XCTAssertEqual(parsed("2026-11-21T22:43:01.123456789Z"), 1_795_300_981_123)
        XCTAssertEqual(parsed("2026-11-21T22:43:01.999999Z"), 1_795_300_981_999, "truncated, not rounded")
    }

    func testLowerCaseSeparatorsAndSpaceAreAccepted() {
        XCTAssertEqual(parsed("2026-11-21t22:43:01.123z"), 1_795_300_981_123)
        XCTAssertEqual(parsed("2026-11-21 22:43:01.123Z"), 1_795_300_981_123)
    }

    func testLeapDayParsesOnlyInLeapYears() {
        XCTAssertNotNil(parsed("2024-02-29T12:00:00Z"))
        XCTAssertNotNil(parsed("2000-02-29T12:00:00Z"))
        XCTAssertNil(parsed("2026-02-29T12:00:00Z"))
        XCTAssertNil(parsed("1900-02-29T12:00:00Z"))
    }

    func testImpossibleDatesAndTimesAreRejected() {
        for text in [
            "2026-02-30T00:00:00Z", "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z",
            "2026-01-00T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z", "2026-01-01T23:59:60Z",
            "2026-01-01T00:00:00+24:00", "2026-01-01T00:00:00+01:60",
        ] {
            XCTAssertNil(parsed(text), text)
        }
    }

    func testMalformedTextIsRejected() {
        for text in [
            "", "2026-11-21", "2026-11-21T22:43:01", "2026-11-21T22:43Z", "2026-11-21T22:43:01.Z",
            "2026-11-21T22:43:01.123", "2026-11-21T22:43:01.123+0200", "2026-11-21T22:43:01.123+02",
            "2026/11/21T22:43:01Z", "26-11-21T22:43:01Z", "2026-11-21T22:43:01ZZ", "2026-11-21X22:43:01Z",
            "+2026-11-21T22:43:01Z", "2026-1a-21T22:43:01Z", "2026-11-21T22:43:01.123Z ", "1795300981",
            "２０２６-11-21T22:43:01Z",
        ] {
            XCTAssertNil(parsed(text), text)
        }
    }

    func testFormatIsUTCWithExactlyThreeFractionDigits() {
        XCTAssertEqual(Timestamp(unixMilliseconds: 1_795_300_981_123).rfc3339, "2026-11-21T22:43:01.123Z")
        XCTAssertEqual(Timestamp(unixMilliseconds: 0).rfc3339, "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(Timestamp(unixMilliseconds: 1_709_164_800_007).rfc3339, "2024-02-29T00:00:00.007Z")
    }

    func testTimesBefore1970FormatAndParse() {
        XCTAssertEqual(Timestamp(unixMilliseconds: -1).rfc3339, "1969-12-31T23:59:59.999Z")
        XCTAssertEqual(parsed("1969-12-31T23:59:59.999Z"), -1)
        XCTAssertEqual(parsed("0000-01-01T00:00:00Z"), Timestamp.earliestUnixSeconds * 1000)
        XCTAssertEqual(Timestamp(unixMilliseconds: Timestamp.earliestUnixSeconds * 1000).rfc3339,
                       "0000-01-01T00:00:00.000Z")
    }

    func testYearsOutsideFourDigitsFormatWithSignOrMoreDigits() {
        XCTAssertEqual(Timestamp(unixMilliseconds: Timestamp.endOfRangeUnixSeconds * 1000).rfc3339,
                       "10000-01-01T00:00:00.000Z")
        XCTAssertEqual(Timestamp(unixMilliseconds: Timestamp.earliestUnixSeconds * 1000 - 1).rfc3339,
                       "-0001-12-31T23:59:59.999Z")
    }

    func testFormatThenParseRoundTripsAcrossCenturies() {
        var generator = SystemRandomNumberGenerator()
        let bound = Timestamp.endOfRangeUnixSeconds * 1000
        for _ in 0..<20_000 {
            let milliseconds = Int64.random(in: (Timestamp.earliestUnixSeconds * 1000)..<bound, using: &generator)
            let time = Timestamp(unixMilliseconds: milliseconds)
            XCTAssertEqual(Timestamp(rfc3339: time.rfc3339), time, time.rfc3339)
        }
    }

    func testFormatAgreesWithFoundationFormatter() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        for milliseconds: Int64 in [0, 951_782_400_000, 1_795_300_981_123, 4_102_444_799_999, 253_402_300_799_999] {
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            XCTAssertEqual(Timestamp(unixMilliseconds: milliseconds).rfc3339, formatter.string(from: date))
        }
    }

    func testUnixSecondsWithFractionRoundToNearestMillisecond() {
        XCTAssertEqual(Timestamp(unixSeconds: 1_795_300_981.123)?.unixMilliseconds, 1_795_300_981_123)
        XCTAssertEqual(Timestamp(unixSeconds: 1_795_300_981)?.unixMilliseconds, 1_795_300_981_000)
        XCTAssertEqual(Timestamp(unixSeconds: 0.0005)?.unixMilliseconds, 1)
        XCTAssertEqual(Timestamp(unixSeconds: -1.5)?.unixMilliseconds, -1500)
    }

    func testUnixSecondsOutsideRangeOrNotFiniteAreRejected() {
        XCTAssertNil(Timestamp(unixSeconds: .nan))
        XCTAssertNil(Timestamp(unixSeconds: .infinity))
        XCTAssertNil(Timestamp(unixSeconds: 1e300))
        XCTAssertNil(Timestamp(unixSeconds: Double(Timestamp.endOfRangeUnixSeconds)))
        XCTAssertNil(Timestamp(unixSeconds: Double(Timestamp.earliestUnixSeconds) - 1))
    }

    func testJSONDecodesStringsAndNumbersAndEncodesRFC3339() throws {
        struct Sample: Codable { let t: Timestamp }
        let decoder = JSONDecoder()
        let fromString = try decoder.decode(Sample.self, from: Data(#"{"t":"2026-11-22T00:43:01.123+02:00"}"#.utf8))
        let fromNumber = try decoder.decode(Sample.self, from: Data(#"{"t":1795300981.123}"#.utf8))
        let fromInteger = try decoder.decode(Sample.self, from: Data(#"{"t":1795300981}"#.utf8))
        XCTAssertEqual(fromString.t.unixMilliseconds, 1_795_300_981_123)
        XCTAssertEqual(fromNumber.t, fromString.t)
        XCTAssertEqual(fromInteger.t.unixMilliseconds, 1_795_300_981_000)

        let encoded = String(decoding: try JSONEncoder().encode(fromNumber), as: UTF8.self)
        XCTAssertEqual(encoded, #"{"t":"2026-11-21T22:43:01.123Z"}"#)
    }

    func testJSONRejectsBadTimesWithAMessage() {
        struct Sample: Codable { let t: Timestamp }
        for body in [#"{"t":"2026-02-30T00:00:00Z"}"#, #"{"t":1e300}"#, #"{"t":true}"#] {
            XCTAssertThrowsError(try JSONDecoder().decode(Sample.self, from: Data(body.utf8)), body)
        }
    }

    func testTimesOrderAndAdd() {
        let earlier = Timestamp(unixMilliseconds: 1000)
        XCTAssertLessThan(earlier, earlier.adding(milliseconds: 1))
        XCTAssertEqual(earlier.adding(milliseconds: -1000), Timestamp(unixMilliseconds: 0))
    }
}
