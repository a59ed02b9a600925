#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 socket address in a `sockaddr_storage`, for bind, accept and getsockname.
struct SocketAddress: CustomStringConvertible {
    private var storage = sockaddr_storage()
    private var length = socklen_t(MemoryLayout<sockaddr_storage>.size)

    /// An empty address for accept or getsockname to fill.
    init() {}

    /// The address of `host` (IPv4 or IPv6 literal) and `port`; nil when `host` is neither.
    init?(host: String, port: Int) {
        guard let port = UInt16(exactly: port) else { return nil }
        var ipv4 = sockaddr_in()
        var ipv6 = sockaddr_in6()
        if inet_pton(AF_INET, host, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = in_port_t(port.bigEndian)
            store(ipv4)
        } else if inet_pton(AF_INET6, host, &ipv6.sin6_addr) == 1 {
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = in_port_t(port.bigEndian)
            store(ipv6)
        } else {
            return nil
        }
    }

    /// `AF_INET` or `AF_INET6`.
    var family: Int32 { Int32(storage.ss_family) }

    /// The port, in host byte order.
    var port: Int {
        switch family {
        case AF_INET: Int(UInt16(bigEndian: load(sockaddr_in.self).sin_port))
        case AF_INET6: Int(UInt16(bigEndian: load(sockaddr_in6.self).sin6_port))
        default: 0
        }
    }

    /// `address:port`, or `[address]:port` for IPv6.
    var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch family {
        case AF_INET:
            var address = load(sockaddr_in.self).sin_addr
            inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
            return "\(Self.string(text)):\(port)"
        case AF_INET6:
            var address = load(sockaddr_in6.self).sin6_addr
            inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
            return "[\(Self.string(text))]:\(port)"
        default:
            return "unknown"
        }
    }

    /// Calls `body` with the address and its length, for bind.
    mutating func withSocketAddress<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        let length = length
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// Calls `body` with room for an address and its in-out length, for accept and getsockname.
    mutating func withMutableSocketAddress<T>(_ body: (UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> T) -> T {
        length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        return withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, &length) }
        }
    }

    private static func string(_ nulTerminated: [CChar]) -> String {
        String(decoding: nulTerminated.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private mutating func store<Address>(_ address: Address) {
        withUnsafeMutableBytes(of: &storage) { bytes in
            withUnsafeBytes(of: address) { bytes.copyMemory(from: $0) }
        }
        length = socklen_t(MemoryLayout<Address>.size)
    }

    private func load<Address>(_ type: Address.Type) -> Address {
        withUnsafeBytes(of: storage) { $0.loadUnaligned(as: Address.self) }
    }
}
