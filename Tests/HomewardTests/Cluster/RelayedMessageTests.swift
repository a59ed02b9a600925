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
    /// A message's fields in one line, to compare two readings.
    private func fields(_ message: RelayedMessage) -> String {
        guard case .event(let event) = message.message else { return "\(message.node) \(message.message)" }
        return [message.node, event.kind, "\(event.subject)", event.tripID ?? "-", event.originAtMilliseconds.map { "\($0)" } ?? "-",
                event.alertType ?? "-", event.payload].joined(separator: "|")
    }

    /// Events as nodes relay them: each payload is JSON text (a name with a newline or quotes in it
    /// is escaped inside it), so the notification's strings hold only `\"` and `\\` escapes.
    private let sample = [
        AppEvent(kind: .location, subject: 42, payload: Array(#"{"accountId":"a/b","location":{"lat":51.5,"name":"Zoë \"Z\"\n👋 \\"}}"#.utf8)),
        AppEvent(
            kind: .alert, subject: -7, tripID: "trip \"1\"\\", originAt: Timestamp(unixMilliseconds: 1_700_000_000_123),
            alertType: .sos, payload: Array(#"{"message":"Help \u0001 é"}"#.utf8)),
        AppEvent(kind: .trip, subject: Int64.max, tripID: "t", payload: []),
        AppEvent(kind: .location, subject: Int64.min, payload: Array("{}".utf8)),
    ]

    /// `events` as one notification, packed as the sender packs them.
    private func notification(_ events: [AppEvent]) throws -> [UInt8] {
        let written = try events.map { try RelayedMessage(node: "node-2", message: .event(RelayedEvent($0))).json(encoder()) }
        return Array("[".utf8) + Array(written.joined(separator: Array(",".utf8))) + Array("]".utf8)
    }

    private func notification() throws -> [UInt8] { try notification(sample) }

    func testEventsAreReadWithoutTheDecoderExactlyAsTheDecoderReadsThem() throws {
        let payload = try notification()
        let fast = try XCTUnwrap(RelayedEventReader.messages(of: payload), "events in the sender's layout are read")
        let decoded = try JSONDecoder().decode([RelayedMessage].self, from: Data(payload))
        XCTAssertEqual(fast.map(fields), decoded.map(fields))
        XCTAssertEqual(fast.count, sample.count)
        XCTAssertEqual(RelayedEventReader.messages(of: Array("[]".utf8))?.count, 0)
    }

    func testAStringWithAnyOtherEscapeIsLeftToTheDecoder() throws {
        // Not JSON text: the sender escapes the control characters (`\n`, `\u0001`).
        let raw = AppEvent(kind: .location, subject: 1, payload: Array("line\nbreak \u{1}".utf8))
        let payload = try notification([raw])
        XCTAssertNil(RelayedEventReader.messages(of: payload))
        let decoded = try JSONDecoder().decode([RelayedMessage].self, from: Data(payload))
        guard case .event(let event) = decoded[0].message else { return XCTFail("not an event") }
        XCTAssertEqual(event.payload, "line\nbreak \u{1}")
        for escaped in [#"\u00e9"#, #"\/"#, #"\n"#, #"\t"#] {
            let odd = #"[{"message":{"event":{"_0":{"kind":"location","payload":"x"# + escaped + #"","subject":1}}},"node":"n"}]"#
            XCTAssertNil(RelayedEventReader.messages(of: Array(odd.utf8)), escaped)
            XCTAssertNoThrow(try JSONDecoder().decode([RelayedMessage].self, from: Data(odd.utf8)), escaped)
        }
    }

    func testAnythingButEventsInTheSendersLayoutIsLeftToTheDecoder() throws {
        let change = try RelayedMessage(node: "n", message: .sessionsEnded(account: 3, except: nil)).json(encoder())
        let mixed = try notification().dropLast() + Array(",".utf8) + change + Array("]".utf8)
        XCTAssertNil(RelayedEventReader.messages(of: Array(mixed)), "a change of access among events")
        XCTAssertEqual(try JSONDecoder().decode([RelayedMessage].self, from: Data(mixed)).count, sample.count + 1)
        for odd in [
            #"[{"message":{"event":{"_0":{"kind":"location","payload":"x","subject":1.5}}},"node":"n"}]"#,
            #"[{"message":{"event":{"_0":{"kind":"location","payload":"x","subject":1,"extra":2}}},"node":"n"}]"#,
            #"[{"message":{"event":{"_0":{"kind":"location","subject":1}}},"node":"n"}]"#,
            #"[{"node":"n","message":{"event":{"_0":{"kind":"location","payload":"x","subject":1}}}}]"#,
            #"[{"message":{"event":{"_0":{"kind":"location","payload":"x","subject":99999999999999999999}}},"node":"n"}]"#,
            "[] ", "", "{}", "[1]",
        ] {
            XCTAssertNil(RelayedEventReader.messages(of: Array(odd.utf8)), odd)
        }
    }

    func testEveryCutShortNotificationIsRefusedWithoutACrash() throws {
        let payload = try notification()
        for end in 0..<payload.count {
            XCTAssertNil(RelayedEventReader.messages(of: Array(payload[..<end])), "cut at \(end)")
        }
    }
}
