import XCTest
@testable import HomewardHTTP

/// Whose forwarding headers are believed, and which hop of the chain is the client.
final class TrustedProxiesTests: XCTestCase {
    private let proxies = TrustedProxies(parsing: "127.0.0.1, 10.0.0.0/8, fd00::/8")!

    private func origin(_ headers: HTTPHeaders, peer: String = "127.0.0.1:40000", proxies: TrustedProxies? = nil) -> ClientOrigin {
        (proxies ?? self.proxies).origin(of: HTTPRequest(method: .get, target: "/", headers: headers), peer: peer)
    }

    func testRangesParseAndMatch() throws {
        let block = try XCTUnwrap(IPAddressRange("10.1.0.0/16"))
        XCTAssertTrue(block.contains(try XCTUnwrap(IPAddress("10.1.255.3"))))
        XCTAssertFalse(block.contains(try XCTUnwrap(IPAddress("10.2.0.1"))))
        XCTAssertTrue(try XCTUnwrap(IPAddressRange("fd00::/8")).contains(try XCTUnwrap(IPAddress("fd12::1"))))
        XCTAssertTrue(try XCTUnwrap(IPAddressRange("192.0.2.9")).contains(try XCTUnwrap(IPAddress("::ffff:192.0.2.9"))))
        for bad in ["10.0.0.0/33", "example.org", "10.0.0.0/", "::1/129", "10.0.0.0/8x"] {
            XCTAssertNil(IPAddressRange(bad), bad)
        }
        XCTAssertNil(TrustedProxies(parsing: "127.0.0.1,nonsense"))
        XCTAssertEqual(TrustedProxies(parsing: "")?.ranges, [])
    }

    func testAnUntrustedPeerIsTheClientWhateverItsHeadersSay() {
        let spoofed = origin(["X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"], peer: "198.51.100.4:5000")
        XCTAssertEqual(spoofed, ClientOrigin(address: "198.51.100.4", scheme: "http"))
        let nobodyTrusted = origin(["X-Forwarded-For": "203.0.113.9"], proxies: TrustedProxies())
        XCTAssertEqual(nobodyTrusted.address, "127.0.0.1")
    }

    func testTheClientIsTheRightMostUntrustedHop() {
        XCTAssertEqual(origin(["X-Forwarded-For": "203.0.113.9"]).address, "203.0.113.9")
        // The client wrote 1.1.1.1 itself; the proxy appended the address it saw.
        XCTAssertEqual(origin(["X-Forwarded-For": "1.1.1.1, 203.0.113.9"]).address, "203.0.113.9")
        XCTAssertEqual(origin(["X-Forwarded-For": "1.1.1.1, 203.0.113.9, 10.0.0.5"]).address, "203.0.113.9")
        XCTAssertEqual(origin(["X-Forwarded-For": "1.1.1.1", "x-forwarded-for": "203.0.113.9"]).address, "203.0.113.9")
        XCTAssertEqual(origin(["X-Forwarded-For": "10.0.0.7, 10.0.0.5"]).address, "10.0.0.7")
        XCTAssertEqual(origin(["X-Forwarded-For": "garbage, 10.0.0.5"]).address, "10.0.0.5")
        XCTAssertEqual(origin([:]).address, "127.0.0.1")
    }

    func testForwardedIsReadAsRFC7239() {
        let both = origin(["Forwarded": #"for=1.1.1.1, for="[2001:db8::7]:4711";proto=https"#])
        XCTAssertEqual(both, ClientOrigin(address: "2001:db8::7", scheme: "https"))
        XCTAssertEqual(origin(["Forwarded": "for=198.51.100.3:1234;proto=http"]).address, "198.51.100.3")
    }

    func testTheSchemeComesFromATrustedProxyOnly() {
        XCTAssertTrue(origin(["X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"]).isSecure)
        XCTAssertFalse(origin(["X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "http"]).isSecure)
        XCTAssertFalse(origin(["X-Forwarded-For": "203.0.113.9"]).isSecure)
        XCTAssertFalse(origin(["X-Forwarded-Proto": "https"], peer: "198.51.100.4:5000").isSecure)
    }

    func testADirectPeerLosesItsPort() {
        XCTAssertEqual(ClientOrigin.direct(peer: "203.0.113.7:53422").address, "203.0.113.7")
        XCTAssertEqual(ClientOrigin.direct(peer: "[2001:db8::1]:53422").address, "2001:db8::1")
    }
}
