import Foundation
import HomewardHTTP

/// Which addresses an outgoing request (a webhook, a notification service) may connect to. Loopback,
/// link-local, unspecified, private, multicast and reserved ranges and the machine's own addresses are
/// refused, whatever spelling of the URL led there, unless the administrator allowed the host by name
/// or address (`--outgoing-allow-hosts`). It is applied to the resolved address as the socket opens, so
/// a name that resolves to a private address is refused as well as the literal.
public struct OutgoingAddressPolicy: Sendable {
    /// Host names (lower-cased) and addresses (in standard text form) allowed although private.
    public let allowedHosts: Set<String>

    /// Creates the policy; `allowedHosts` are names or addresses in any standard spelling.
    public init(allowedHosts: [String]) {
        self.allowedHosts = Set(allowedHosts.compactMap { entry in
            let host = entry.trimmingCharacters(in: .whitespaces).lowercased()
            guard !host.isEmpty else { return nil }
            return IPAddress(host)?.description ?? host
        })
    }

    /// Why a connection for `host` (as written in the URL) to `address` is refused, or nil when it may
    /// go; a guardian reads it under a channel or a delivery, so it names no flag (`allowingFlag` is
    /// for the administrator's messages).
    public func refusal(connectingTo address: IPAddress, forHost host: String, ownAddresses: Set<IPAddress>) -> String? {
        let name = host.lowercased()
        if allowedHosts.contains(name) || allowedHosts.contains(IPAddress(name)?.description ?? name)
            || allowedHosts.contains(address.description) {
            return nil
        }
        if let range = address.reservedRange {
            return "\(host) resolves to \(address), a \(range) address"
        }
        if ownAddresses.contains(address) || address.embeddedIPv4.map(ownAddresses.contains) == true {
            return "\(host) resolves to \(address), an address of this server"
        }
        return nil
    }

    /// The setting an administrator allows a refused host with.
    public static let allowingFlag = "--outgoing-allow-hosts"
}
