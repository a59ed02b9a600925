import Foundation
import XCTest
@testable import Homeward

final class ClockTests: XCTestCase {
    func testSystemClockAgreesWithFoundation() {
        let before = Int64(Date().timeIntervalSince1970 * 1000)
        let now = SystemClock().now().unixMilliseconds
        let after = Int64(Date().timeIntervalSince1970 * 1000)
        XCTAssertGreaterThanOrEqual(now, before - 1)
        XCTAssertLessThanOrEqual(now, after + 1)
    }

    func testManualClockMovesOnlyWhenTold() {
        let clock = ManualClock(startingAt: Timestamp(unixMilliseconds: 5000))
        XCTAssertEqual(clock.now(), Timestamp(unixMilliseconds: 5000))
        clock.advance(bySeconds: 2)
        XCTAssertEqual(clock.now(), Timestamp(unixMilliseconds: 7000))
        clock.advance(byMilliseconds: -500)
        XCTAssertEqual(clock.now(), Timestamp(unixMilliseconds: 6500))
        clock.set(to: Timestamp(unixMilliseconds: 1))
        XCTAssertEqual(clock.now(), Timestamp(unixMilliseconds: 1))
    }
}
