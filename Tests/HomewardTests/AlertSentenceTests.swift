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
}
