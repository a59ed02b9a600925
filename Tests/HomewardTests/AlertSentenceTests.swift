import Foundation
import XCTest
@testable import Homeward

/// The one sentence a notification carries for an alert.
final class AlertSentenceTests: XCTestCase {
    private func alert(message: String) throws -> AlertResource {
        let json = #"{"id":"a1","type":"left_zone","status":"open","account":{"id":"p1","name":"Anna"},"createdAt":"2026-11-25T10:00:00Z","message":"\#(message)"}"#
        return try JSONDecoder().decode(AlertResource.self, from: Data(json.utf8))
    }

    func testAMessageThatEndsItsOwnSentenceGetsNoSecondFullStop() throws {
        XCTAssertEqual(AlertNotification.sentence(for: try alert(message: "Left Home."), event: "raised"), "Left a safe zone for Anna: Left Home.")
        XCTAssertEqual(AlertNotification.sentence(for: try alert(message: "Help me"), event: "raised"), "Left a safe zone for Anna: Help me.")
    }

    func testAPlaceSaysWhereAndHowOldInPlainWords() {
        let location = AlertResource.Location(lat: 51.50722, lon: -0.12758, accuracy: 12.4, t: nil)
        let taken = Timestamp(unixMilliseconds: 1_764_000_000_000)
        XCTAssertEqual(AlertNotification.place(of: location, takenAt: taken, at: taken.adding(milliseconds: 30_000)),
                       "51.50722, -0.12758, just now, within 12 m")
        XCTAssertEqual(AlertNotification.age(milliseconds: 2 * 60_000 + 59_000), "2 min ago")
        XCTAssertEqual(AlertNotification.age(milliseconds: 3 * 3_600_000), "3 h ago")
        XCTAssertEqual(AlertNotification.age(milliseconds: 3 * 3_600_000 + 5 * 60_000), "3 h 5 min ago")
        XCTAssertEqual(AlertNotification.age(milliseconds: 3 * 86_400_000), "3 days ago")
        XCTAssertEqual(AlertNotification.age(milliseconds: -5_000), "just now", "a phone clock ahead of ours is not the future")
    }

    func testACancelledCheckSaysAllIsWell() throws {
        XCTAssertEqual(AlertNotification.sentence(for: try alert(message: "x"), event: "cancelled"), "Check cancelled by Anna: all is well.")
    }
}
