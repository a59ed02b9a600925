/// Reads a notification of relayed events without `JSONDecoder`: the JSON array a node sends is
/// almost always events, each written by `RelayedMessage.json` in one layout
/// (`{"message":{"event":{"_0":{…}}},"node":"…"}`, the event's members in sorted order), and
/// decoding them with `JSONDecoder` took about a tenth of a busy node's CPU once a second node
/// relayed to it. This reader follows that layout only; anything else (a change of access, another
/// version's layout) makes it answer nil, and the caller decodes the notification with
/// `JSONDecoder` as before (as does a string with an escape other than `\"` and `\\`), so it never
/// reads a message differently.
struct RelayedEventReader {
    private let bytes: [UInt8]
    private var index = 0

    /// The messages of `payload`, or nil when one of them is not an event in the layout above.
    static func messages(of payload: [UInt8]) -> [RelayedMessage]? {
        var reader = RelayedEventReader(bytes: payload)
        return reader.array()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func array() -> [RelayedMessage]? {
        guard take("[") else { return nil }
        var messages: [RelayedMessage] = []
        if take("]") { return index == bytes.count ? messages : nil }
        while true {
            guard let message = message() else { return nil }
            messages.append(message)
            if take(",") { continue }
            guard take("]"), index == bytes.count else { return nil }
            return messages
        }
    }

    private static let opening = Array(#"{"message":{"event":{"_0":{"#.utf8)
    private static let closing = Array(#"}}},"node":"#.utf8)

    private mutating func message() -> RelayedMessage? {
        guard take(Self.opening) else { return nil }
        var alertType: String?
        var kind: String?
        var origin: Int64?
        var payload: String?
        var subject: Int64?
        var tripID: String?
        repeat {
            guard let key = string(), take(":") else { return nil }
            switch key {
            case "alertType": alertType = string(); if alertType == nil { return nil }
            case "kind": kind = string(); if kind == nil { return nil }
            case "originAtMilliseconds": origin = integer(); if origin == nil { return nil }
            case "payload": payload = string(); if payload == nil { return nil }
            case "subject": subject = integer(); if subject == nil { return nil }
            case "tripID": tripID = string(); if tripID == nil { return nil }
            default: return nil
            }
        } while take(",")
        guard take(Self.closing), let node = string(), take("}"),
              let kind, let payload, let subject else { return nil }
        let event = RelayedEvent(
            kind: kind, subject: subject, tripID: tripID, originAtMilliseconds: origin, alertType: alertType, payload: payload)
        return RelayedMessage(node: node, message: .event(event))
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private mutating func take(_ literal: [UInt8]) -> Bool {
        guard bytes.count - index >= literal.count else { return false }
        for (offset, byte) in literal.enumerated() where bytes[index + offset] != byte { return false }
        index += literal.count
        return true
    }

    /// A whole number with an optional minus sign, no fraction or exponent, within Int64.
    private mutating func integer() -> Int64? {
        let negative = take("-")
        var magnitude: UInt64 = 0
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { return nil }
            magnitude = sum
            index += 1
        }
        guard index > start else { return nil }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) { return nil }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return Int64(exactly: magnitude)
    }

    /// A JSON string with the two escapes the sender's layout uses (`\"` and `\\`: an event's
    /// payload is JSON written into a string, and `JSONBuilder` writes every other character as it
    /// is, but for the control characters no JSON text holds); nil for any other escape, which is
    /// left to `JSONDecoder` with the rest of the notification, and for a string not well formed.
    private mutating func string() -> String? {
        guard take("\"") else { return nil }
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "\\") else { return nil }
                text.append(bytes[index])
                index += 1
            case 0..<0x20:
                return nil
            default:
                text.append(byte)
            }
        }
        return nil
    }
}
