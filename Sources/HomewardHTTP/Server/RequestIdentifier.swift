import Synchronization

/// Request ids: the client's `X-Request-Id` when it is sane, otherwise a process-unique one.
enum RequestIdentifier {
    private static let maxClientIDBytes = 128
    private static let prefix = String(UInt32.random(in: .min ... .max), radix: 16)
    private static let counter = Atomic<UInt64>(0)

    /// The id for a request that sent `clientValue` as its `X-Request-Id`.
    static func make(from clientValue: String?) -> String {
        if let clientValue, isSane(clientValue) { return clientValue }
        let sequence = counter.add(1, ordering: .relaxed).newValue
        return prefix + "-" + String(sequence, radix: 16)
    }

    private static func isSane(_ value: String) -> Bool {
        let utf8 = value.utf8
        guard !utf8.isEmpty, utf8.count <= maxClientIDBytes else { return false }
        return utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
            }
        }
    }
}
