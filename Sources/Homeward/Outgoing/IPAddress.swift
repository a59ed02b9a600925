import Foundation

/// An IPv4 or IPv6 address as a connection sees it, with the ranges that outgoing requests must not
/// reach. IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`,
/// NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by the IPv4 address inside.
public enum IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// Four bytes, most significant first.
    case v4(UInt32)
    /// Sixteen bytes.
    case v6([UInt8])

    /// Parses a literal in its standard text form (`192.0.2.1`, `2001:db8::1`); nil otherwise.
    public init?(literal text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self = .v4(UInt32(bigEndian: v4.s_addr))
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        self = .v6(withUnsafeBytes(of: &v6) { Array($0) })
    }

    /// Reads the address of a socket address; nil for other families.
    public init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            self = .v4(UInt32(bigEndian: v4))
        case AF_INET6:
            var v6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            self = .v6(withUnsafeBytes(of: &v6) { Array($0) })
        default:
            return nil
        }
    }

    /// The standard text form.
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch self {
        case .v4(let value):
            var address = in_addr(s_addr: value.bigEndian)
            inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count))
        case .v6(let bytes):
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
            inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
        }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The IPv4 address an IPv6 address carries (mapped, compatible, NAT64 or 6to4), if any.
    public var embeddedIPv4: IPAddress? {
        guard case .v6(let bytes) = self else { return nil }
        func v4(at offset: Int) -> IPAddress {
            .v4(bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) })
        }
        let firstTen = bytes[0..<10].allSatisfy { $0 == 0 }
        if firstTen, bytes[10] == 0xFF, bytes[11] == 0xFF { return v4(at: 12) }
        if firstTen, bytes[10] == 0, bytes[11] == 0 { return v4(at: 12) }
        if bytes[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return v4(at: 12) }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return v4(at: 2) }
        return nil
    }

    /// Why an outgoing request may not go here (`loopback`, `private`, `link-local`, ...), or nil for a
    /// public unicast address.
    public var reservedRange: String? {
        if case .v6(let bytes) = self, bytes[0..<15].allSatisfy({ $0 == 0 }), bytes[15] <= 1 {
            return bytes[15] == 0 ? "unspecified" : "loopback"
        }
        if let inner = embeddedIPv4 { return inner.reservedRange }
        switch self {
        case .v4(let value):
            return Self.v4Ranges.first { value & $0.mask == $0.prefix }?.name
        case .v6(let bytes):
            return Self.v6Ranges.first { range in
                zip(bytes, range.prefix).enumerated().allSatisfy { index, pair in
                    let bits = min(8, max(0, range.length - index * 8))
                    let mask: UInt8 = bits == 0 ? 0 : UInt8(0xFF) << UInt8(8 - bits)
                    return pair.0 & mask == pair.1 & mask
                }
            }?.name
        }
    }

    private static let v4Ranges: [(prefix: UInt32, mask: UInt32, name: String)] = [
        (0x0000_0000, 0xFF00_0000, "unspecified"),          // 0.0.0.0/8, "this network"
        (0x0A00_0000, 0xFF00_0000, "private"),              // 10.0.0.0/8
        (0x6440_0000, 0xFFC0_0000, "private"),              // 100.64.0.0/10, carrier-grade NAT
        (0x7F00_0000, 0xFF00_0000, "loopback"),             // 127.0.0.0/8
        (0xA9FE_0000, 0xFFFF_0000, "link-local"),           // 169.254.0.0/16 (cloud metadata)
        (0xAC10_0000, 0xFFF0_0000, "private"),              // 172.16.0.0/12
        (0xC000_0000, 0xFFFF_FF00, "reserved"),             // 192.0.0.0/24, protocol assignments
        (0xC000_0200, 0xFFFF_FF00, "reserved"),             // 192.0.2.0/24, documentation
        (0xC0A8_0000, 0xFFFF_0000, "private"),              // 192.168.0.0/16
        (0xC612_0000, 0xFFFE_0000, "reserved"),             // 198.18.0.0/15, benchmarking
        (0xC633_6400, 0xFFFF_FF00, "reserved"),             // 198.51.100.0/24, documentation
        (0xCB00_7100, 0xFFFF_FF00, "reserved"),             // 203.0.113.0/24, documentation
        (0xE000_0000, 0xF000_0000, "multicast"),            // 224.0.0.0/4
        (0xF000_0000, 0xF000_0000, "reserved"),             // 240.0.0.0/4 and the broadcast address
    ]

    private static let v6Ranges: [(prefix: [UInt8], length: Int, name: String)] = [
        ([0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, "reserved"),                         // 100::/64, discard
        ([0x20, 0x01, 0x00, 0x00], 32, "reserved"),                               // 2001::/32, Teredo
        ([0x20, 0x01, 0x0D, 0xB8], 32, "reserved"),                               // 2001:db8::/32, documentation
        ([0xFC], 7, "private"),                                                   // fc00::/7, unique local
        ([0xFE, 0x80], 10, "link-local"),                                         // fe80::/10
        ([0xFE, 0xC0], 10, "private"),                                            // fec0::/10, site-local
        ([0xFF], 8, "multicast"),                                                 // ff00::/8
    ]

    /// The addresses of this machine's own interfaces, so that a request cannot loop back to the
    /// server through a public address it holds.
    public static func ownAddresses() -> Set<IPAddress> {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: Set<IPAddress> = []
        var next = list
        while let entry = next {
            if let address = entry.pointee.ifa_addr, let parsed = IPAddress(UnsafePointer(address)) {
                addresses.insert(parsed)
            }
            next = entry.pointee.ifa_next
        }
        return addresses
    }
}
