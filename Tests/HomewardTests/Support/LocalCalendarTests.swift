import XCTest
import HomewardGeo
import HomewardHTTP
@testable import Homeward

/// The one calendar: days in an IANA zone (daily journal totals, daily motion, today's motion) and
/// the clock times and weekday names of zone schedules and quiet hours.
final class LocalCalendarTests: XCTestCase {
    private func time(_ text: String) throws -> Timestamp {
        try XCTUnwrap(Timestamp(rfc3339: text))
    }

    func testAMomentFallsOnTheDayOfItsZone() throws {
        let tokyo = try LocalCalendar(zoneParameter: "Asia/Tokyo")
        let utc = try LocalCalendar(zoneParameter: nil)
        let moment = try time("2026-11-21T20:00:00Z")
        XCTAssertEqual(tokyo.day(of: moment), LocalDate(year: 2026, month: 11, day: 22))
        XCTAssertEqual(utc.day(of: moment), LocalDate(year: 2026, month: 11, day: 21))
    }

    func testADayWithAClockChangeIsAsLongAsTheClocksSay() throws {
        let london = try LocalCalendar(zoneParameter: "Europe/London")
        let day = LocalDate(year: 2026, month: 3, day: 29)
        XCTAssertEqual(london.start(of: day), try time("2026-03-29T00:00:00Z"))
        XCTAssertEqual(london.end(of: day), try time("2026-03-29T23:00:00Z"))
        XCTAssertEqual(london.end(of: day), london.start(of: london.day(after: day)))
    }

    func testDaysStepAcrossMonthAndYearEnds() throws {
        let calendar = try LocalCalendar(zoneParameter: "UTC")
        XCTAssertEqual(calendar.day(after: LocalDate(year: 2026, month: 12, day: 31)), LocalDate(year: 2027, month: 1, day: 1))
        XCTAssertEqual(calendar.day(before: LocalDate(year: 2028, month: 3, day: 1)), LocalDate(year: 2028, month: 2, day: 29))
    }

    func testAnUnknownZoneIsA400NamingTz() {
        XCTAssertThrowsError(try LocalCalendar(zoneParameter: "Mars/Olympus")) { error in
            XCTAssertEqual((error as? HTTPError)?.status, .badRequest)
            XCTAssertEqual((error as? HTTPError)?.field, "tz")
        }
    }

    func testDateParameterReadsOnlyDaysThatExist() throws {
        let parameters = try QueryParameters(parsing: "from=2026-11-21&to=2026-02-30&day=2026-1-01")
        XCTAssertEqual(try parameters.date("from"), LocalDate(year: 2026, month: 11, day: 21))
        XCTAssertNil(try parameters.date("since"))
        for name in ["to", "day"] {
            XCTAssertThrowsError(try parameters.date(name)) { error in
                XCTAssertEqual((error as? HTTPError)?.status, .badRequest)
                XCTAssertEqual((error as? HTTPError)?.field, name)
            }
        }
    }

    func testClockTimesAreHoursAndMinutesOfADay() {
        XCTAssertEqual(LocalCalendar.secondOfDay("00:00"), 0)
        XCTAssertEqual(LocalCalendar.secondOfDay("23:59"), 86_340)
        for text in ["24:00", "7:00", "07:60", "0700", "07:00:00", ""] {
            XCTAssertNil(LocalCalendar.secondOfDay(text), text)
        }
    }

    func testWeekdayNamesAreISOOrderedAndCaseBlind() {
        XCTAssertEqual(LocalCalendar.weekdays(["mon", "SUN"]), [.monday, .sunday])
        XCTAssertNil(LocalCalendar.weekdays([]))
        XCTAssertNil(LocalCalendar.weekdays(["mon", "funday"]))
    }
}
