import Foundation
import Homeward
import HomewardHTTP
import XCTest

/// Which resolved addresses outgoing requests may reach, in every spelling that leads to them.
final class OutgoingAddressPolicyTests: XCTestCase {
    private let policy = OutgoingAddressPolicy(allowedHosts: [])

    private func refusal(_ address: String, host: String? = nil, own: Set<IPAddress> = []) -> String? {
        guard let parsed = IPAddress(address) else {
            XCTFail("\(address) does not parse")
            return nil
        }
        return policy.refusal(connectingTo: parsed, forHost: host ?? address, ownAddresses: own)
    }

    func testLoopbackPrivateLinkLocalAndUnspecifiedAreRefused() {
        for address in [
            "127.0.0.1", "127.1.2.3", "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.1", "169.254.169.254",
            "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "febf::1", "fc00::1",
            "fd12:3456::1", "ff02::1",
        ] {
            XCTAssertNotNil(refusal(address), address)
        }
    }

    func testIPv6FormsCarryingAPrivateIPv4AreRefused() {
        for address in ["::ffff:127.0.0.1", "::ffff:7f00:1", "::127.0.0.1", "64:ff9b::a9fe:a9fe", "2002:c0a8:0101::1", "::ffff:10.1.2.3"] {
            XCTAssertNotNil(refusal(address), address)
        }
        XCTAssertEqual(IPAddress("::ffff:7f00:1"), IPAddress("127.0.0.1"))
        XCTAssertEqual(IPAddress("64:ff9b::a9fe:a9fe")?.embeddedIPv4, IPAddress("169.254.169.254"))
    }

    func testPublicAddressesMayBeReached() {
        for address in ["93.184.215.14", "1.1.1.1", "172.32.0.1", "2606:4700:4700::1111", "::ffff:93.184.215.14"] {
            XCTAssertNil(refusal(address), address)
        }
    }

    func testTheServersOwnPublicAddressIsRefused() {
        let own = IPAddress("203.0.114.7")!
        XCTAssertNil(refusal("203.0.114.7"))
        XCTAssertNotNil(refusal("203.0.114.7", own: [own]))
        XCTAssertNotNil(refusal("::ffff:203.0.114.7", own: [own]))
    }

    func testAnAllowedHostIsMatchedByNameOrByAddressInAnySpelling() {
        let allowing = OutgoingAddressPolicy(allowedHosts: ["ntfy.lan", " [::1] ", "192.168.1.20"])
        let lan = IPAddress("192.168.1.20")!
        XCTAssertNil(allowing.refusal(connectingTo: lan, forHost: "NTFY.lan", ownAddresses: []))
        XCTAssertNil(allowing.refusal(connectingTo: lan, forHost: "printer.lan", ownAddresses: []), "allowed by address")
        XCTAssertNil(allowing.refusal(connectingTo: IPAddress("::1")!, forHost: "0:0::1", ownAddresses: []))
        XCTAssertNotNil(allowing.refusal(connectingTo: IPAddress("192.168.1.21")!, forHost: "other.lan", ownAddresses: []))
        XCTAssertNotNil(allowing.refusal(connectingTo: IPAddress("127.0.0.1")!, forHost: "localhost", ownAddresses: []))
    }

    func testOutgoingURLsAreParsedByLibcurlsRules() {
        XCTAssertEqual(OutgoingURL("http://127.0.0.1:8000/hook?x=1")?.port, 8000)
        XCTAssertEqual(OutgoingURL("https://ntfy.sh/topic")?.destination, "https://ntfy.sh:443")
        XCTAssertEqual(OutgoingURL("http://[::1]:9000/a")?.host, "::1")
        XCTAssertEqual(OutgoingURL("HTTPS://Example.ORG")?.host, "example.org")
        XCTAssertNil(OutgoingURL("ftp://example.org/"))
        XCTAssertNil(OutgoingURL("http://user@example.org/"))
        XCTAssertNil(OutgoingURL("http://example.org/#x"))
        XCTAssertNil(OutgoingURL("http://example.org:99999/"))
        XCTAssertNil(OutgoingURL("example.org/hook"))
        XCTAssertNil(OutgoingURL("http://exa mple.org/"))
    }
}
