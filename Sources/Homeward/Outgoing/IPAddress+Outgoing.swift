import Foundation
import HomewardHTTP

/// What outgoing requests need to know of an address: where a socket address points, whether it lies
/// in a range they must not reach, and which addresses are this machine's own. IPv6 forms that carry
/// an IPv4 address (compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`; the mapped form is
/// read as IPv4 already) are judged by the IPv4 address inside.
extension IPAddress {
    /// Reads the address of a socket address; nil for other families.
    init?(socketAddress address: UnsafePointer<sockaddr>) {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            inet_ntop(AF_INET, &v4, &text, socklen_t(text.count))
        case AF_INET6:
            var v6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count))
        default:
            return nil
        }
        self.init(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The IPv4 address an IPv6 address carries (compatible, NAT64 or 6to4), if any.
    public var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        func v4(at offset: Int) -> IPAddress? {
            IPAddress(bytes[offset..<(offset + 4)].map(String.init).joined(separator: "."))
        }
        if bytes[0..<12].allSatisfy({ $0 == 0 }) { return v4(at: 12) }
        if Array(bytes[0..<12]) == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return v4(at: 12) }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return v4(at: 2) }
        return nil
    }

    /// Why an outgoing request may not go here (`loopback`, `private`, `link-local`, ...), or nil for a
    /// public unicast address.
    public var reservedRange: String? {
        if bytes.count == 16, bytes[0..<15].allSatisfy({ $0 == 0 }), bytes[15] <= 1 {
            return bytes[15] == 0 ? "unspecified" : "loopback"
        }
        if let inner = embeddedIPv4 { return inner.reservedRange }
        return Self.reservedRanges.first { $0.range.contains(self) }?.name
    }

    private static let reservedRanges: [(range: IPAddressRange, name: String)] = [
        ("0.0.0.0/8", "unspecified"), ("10.0.0.0/8", "private"), ("100.64.0.0/10", "private"),
        ("127.0.0.0/8", "loopback"), ("169.254.0.0/16", "link-local"), ("172.16.0.0/12", "private"),
        ("192.0.0.0/24", "reserved"), ("192.0.2.0/24", "reserved"), ("192.168.0.0/16", "private"),
        ("198.18.0.0/15", "reserved"), ("198.51.100.0/24", "reserved"), ("203.0.113.0/24", "reserved"),
        ("224.0.0.0/4", "multicast"), ("240.0.0.0/4", "reserved"),
        ("100::/64", "reserved"), ("2001::/32", "reserved"), ("2001:db8::/32", "reserved"), ("fc00::/7", "private"),
        ("fe80::/10", "link-local"), ("fec0::/10", "private"), ("ff00::/8", "multicast"),
    ].compactMap { entry in IPAddressRange(entry.0).map { ($0, entry.1) } }

    /// The addresses of this machine's own interfaces, so that a request cannot loop back to the
    /// server through a public address it holds.
    public static func ownAddresses() -> Set<IPAddress> {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: Set<IPAddress> = []
        var next = list
        while let entry = next {
            if let address = entry.pointee.ifa_addr, let parsed = IPAddress(socketAddress: UnsafePointer(address)) {
                addresses.insert(parsed)
            }
            next = entry.pointee.ifa_next
        }
        return addresses
    }
}
