/// A CIDR block such as `10.0.0.0/8`, `127.0.0.1` (one address) or `fd00::/8`.
public struct IPAddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The first address of the block.
    public let network: IPAddress
    /// How many leading bits must match.
    public let prefixLength: Int

    /// The block `text` spells; nil when it is not an address with an optional `/prefix` in range.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        let bits = address.bytes.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length), parts[1].allSatisfy(\.isNumber) else { return nil }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        network = address
    }

    /// The loopback blocks, `127.0.0.0/8` and `::1`.
    public static let loopback = [IPAddressRange("127.0.0.0/8"), IPAddressRange("::1")].compactMap { $0 }

    /// Whether `address` lies in the block.
    public func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == network.bytes.count else { return false }
        var remaining = prefixLength
        for (mine, theirs) in zip(network.bytes, address.bytes) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            guard mine & mask == theirs & mask else { return false }
            remaining -= 8
        }
        return true
    }

    /// `network/prefixLength`.
    public var description: String { "\(network)/\(prefixLength)" }
}
