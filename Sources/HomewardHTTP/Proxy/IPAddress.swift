#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address as 4 or 16 bytes; an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how
/// a dual-stack listener sees IPv4 peers) is read as the IPv4 address it carries.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address in network byte order: 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// The address `text` spells (`192.0.2.1`, `2001:db8::1`, `[2001:db8::1]`); nil for anything else.
    public init?(_ text: some StringProtocol) {
        var literal = String(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        if inet_pton(AF_INET, literal, &ipv4) == 1 {
            bytes = withUnsafeBytes(of: &ipv4) { Array($0) }
        } else if inet_pton(AF_INET6, literal, &ipv6) == 1 {
            let all = withUnsafeBytes(of: &ipv6) { Array($0) }
            bytes = all[0..<10].allSatisfy { $0 == 0 } && all[10] == 0xFF && all[11] == 0xFF ? Array(all[12...]) : all
        } else {
            return nil
        }
    }

    /// The host part of a peer address as the server records it (`192.0.2.1:5300`, `[::1]:5300`).
    public init?(peer: String) {
        self.init(ClientOrigin.direct(peer: peer).address)
    }

    /// The usual text form.
    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var copy = bytes
        inet_ntop(bytes.count == 4 ? AF_INET : AF_INET6, &copy, &text, socklen_t(text.count))
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
