import Foundation
import HomewardGeo
import XCTest

@testable import Homeward

final class ZoneTimeZoneOffsetsTests: XCTestCase {
    func zone(in timeZone: String) -> ZoneResource {
        ZoneResource(
            id: "hotel", name: "Hotel", center: ZonePoint(lat: 35.68, lon: 139.76), radius: 80, polygon: nil, home: false,
            timeZone: timeZone, schedule: [ZoneScheduleWindow(days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: "07:00", end: "23:00")], expected: nil,
            notifyOnEnter: false, createdAt: Timestamp(unixMilliseconds: 0))
    }

    func testAZoneInAnotherTimeZoneCarriesItsOwnOffsets() {
        let july = 1_783_000_000.0, january = 1_768_000_000.0
        let hotel = zone(in: "Asia/Tokyo").safeZone(forPersonIn: "Europe/Vienna", at: january)
        XCTAssertEqual(hotel.timeZoneOffsets?.utcOffsetSeconds(at: january), 9 * 3_600)
        XCTAssertEqual(hotel.timeZoneOffsets?.utcOffsetSeconds(at: july), 9 * 3_600)
        let office = zone(in: "Europe/London").safeZone(forPersonIn: "Asia/Tokyo", at: january)
        XCTAssertEqual(office.timeZoneOffsets?.utcOffsetSeconds(at: january), 0)
        XCTAssertEqual(office.timeZoneOffsets?.utcOffsetSeconds(at: july), 3_600, "summer time in London")
    }

    func testAZoneInThePersonsTimeZoneReadsEachFixsOffset() {
        XCTAssertNil(zone(in: "Europe/Vienna").safeZone(forPersonIn: "Europe/Vienna", at: 0).timeZoneOffsets)
    }
}
