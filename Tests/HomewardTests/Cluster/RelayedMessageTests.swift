import Foundation
@testable import Homeward
import XCTest

/// The events a node relays to the others are written by hand; the other nodes read them with
/// `JSONDecoder`, so they must be what `JSONEncoder` writes.
final class RelayedMessageTests: XCTestCase {
    private func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    func testAnEventIsWrittenAsJSONEncoderWritesItAndReadsBackTheSame() throws {
        let events = [
            AppEvent(kind: .location, subject: 42, payload: Array(#"{"accountId":"a/b","location":{"lat":51.5}}"#.utf8)),
            AppEvent(
                kind: .alert, subject: -7, tripID: "trip \"1\"\\", originAt: Timestamp(unixMilliseconds: 1_700_000_000_123),
                alertType: .sos, payload: Array("line\nbreak\ttab \u{1} é 👋".utf8)),
            AppEvent(kind: .trip, subject: Int64.max, tripID: "t", payload: []),
        ]
        for event in events {
            let message = RelayedMessage(node: "node-1", message: .event(RelayedEvent(event)))
            let written = try message.json(encoder())
            XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: try encoder().encode(message), as: UTF8.self))
            let read = try JSONDecoder().decode(RelayedMessage.self, from: Data(written))
            guard case .event(let relayed) = read.message else { return XCTFail("not an event: \(read.message)") }
            XCTAssertEqual(read.node, "node-1")
            let back = try XCTUnwrap(relayed.appEvent)
            XCTAssertEqual(back.kind, event.kind)
            XCTAssertEqual(back.subject, event.subject)
            XCTAssertEqual(back.tripID, event.tripID)
            XCTAssertEqual(back.originAt, event.originAt)
            XCTAssertEqual(back.alertType, event.alertType)
            XCTAssertEqual(back.payload, event.payload)
        }
    }

    func testAChangeOfAccessGoesThroughTheEncoder() throws {
        let message = RelayedMessage(node: "n", message: .sessionsEnded(account: 3, except: nil))
        XCTAssertEqual(try message.json(encoder()), Array(try encoder().encode(message)))
    }
}
