import Foundation
import XCTest
@testable import Homeward

/// The VAPID `Authorization` header (RFC 8292): its form, a JWT that verifies with the public key,
/// the claims push services check, and the settings it refuses.
final class VAPIDTokenTests: XCTestCase {
    private let now = Timestamp(unixMilliseconds: 1_795_300_981_123)
    private let subject = "mailto:admin@homeward.example"

    private func keys() throws -> VAPIDKeys {
        VAPIDKeys(key: try P256Key.generate())
    }

    /// The header's token split into its parts, with the claims decoded.
    private func parse(_ header: String) throws -> (signingInput: String, signature: [UInt8], claims: VAPIDClaims, k: String) {
        let pattern = try NSRegularExpression(pattern: "^vapid t=([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$")
        let match = try XCTUnwrap(pattern.firstMatch(in: header, range: NSRange(header.startIndex..., in: header)), header)
        let part = { (index: Int) in String(header[Range(match.range(at: index), in: header)!]) }
        let jwtHeader = try XCTUnwrap(Base64URL.decode(part(1)))
        XCTAssertEqual(try JSONDecoder().decode([String: String].self, from: Data(jwtHeader)), ["typ": "JWT", "alg": "ES256"])
        let claims = try JSONDecoder().decode(VAPIDClaims.self, from: Data(try XCTUnwrap(Base64URL.decode(part(2)))))
        return (part(1) + "." + part(2), try XCTUnwrap(Base64URL.decode(part(3))), claims, part(4))
    }

    func testTheTokenVerifiesWithThePublicKeyAndCarriesTheClaims() throws {
        let keys = try keys()
        let header = try VAPIDToken.authorization(
            endpoint: "https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bH", subject: subject, keys: keys, now: now)
        let token = try parse(header)
        XCTAssertEqual(token.k, keys.publicKeyBase64URL)
        XCTAssertEqual(token.signature.count, 64, "raw r || s, not DER")
        XCTAssertTrue(WebPushTestCrypto.verifiesES256(signature: token.signature, of: Array(token.signingInput.utf8), publicKey: keys.publicKey))
        XCTAssertEqual(token.claims.aud, "https://fcm.googleapis.com")
        XCTAssertEqual(token.claims.exp, 1_795_300_981 + 12 * 3600)
        XCTAssertEqual(token.claims.sub, subject)
    }

    func testAnAlteredTokenOrAnotherKeyDoesNotVerify() throws {
        let keys = try keys()
        let token = try parse(try VAPIDToken.authorization(endpoint: "https://push.example/x", subject: subject, keys: keys, now: now))
        var flipped = token.signature
        flipped[40] ^= 0x01
        XCTAssertFalse(WebPushTestCrypto.verifiesES256(signature: flipped, of: Array(token.signingInput.utf8), publicKey: keys.publicKey))
        XCTAssertFalse(WebPushTestCrypto.verifiesES256(signature: token.signature, of: Array((token.signingInput + "x").utf8), publicKey: keys.publicKey))
        XCTAssertFalse(
            WebPushTestCrypto.verifiesES256(signature: token.signature, of: Array(token.signingInput.utf8), publicKey: try self.keys().publicKey))
    }

    func testTheAudienceIsTheEndpointsOriginWithAPortOnlyWhenNotTheDefault() throws {
        let keys = try keys()
        let cases = [
            ("https://updates.push.services.mozilla.com/wpush/v2/gAAAA?x=1", "https://updates.push.services.mozilla.com"),
            ("https://Web.Push.Apple.com:443/QGuQ", "https://web.push.apple.com"),
            ("https://127.0.0.1:8443/push", "https://127.0.0.1:8443"),
            ("http://push.example/", "http://push.example"),
            ("http://[::1]:8080/p", "http://[::1]:8080"),
        ]
        for (endpoint, audience) in cases {
            let token = try parse(try VAPIDToken.authorization(endpoint: endpoint, subject: subject, keys: keys, now: now))
            XCTAssertEqual(token.claims.aud, audience, endpoint)
        }
    }

    func testTheLifetimeIsAtMost24Hours() throws {
        let keys = try keys()
        let longest = try parse(try VAPIDToken.authorization(
            endpoint: "https://push.example/x", subject: subject, keys: keys, now: now, lifetimeSeconds: VAPIDToken.maxLifetimeSeconds))
        XCTAssertEqual(longest.claims.exp, 1_795_300_981 + 86_400)
        for lifetime in [0, -1, VAPIDToken.maxLifetimeSeconds + 1] {
            XCTAssertThrowsError(try VAPIDToken.authorization(
                endpoint: "https://push.example/x", subject: subject, keys: keys, now: now, lifetimeSeconds: lifetime)) { error in
                XCTAssertEqual(error as? WebPushError, .invalidLifetime(seconds: lifetime))
            }
        }
    }

    func testTheSubjectMustBeAMailtoAddressOrAnHTTPSURL() throws {
        let keys = try keys()
        for good in ["mailto:admin@homeward.example", "https://homeward.example/contact"] {
            XCTAssertNoThrow(try VAPIDToken.authorization(endpoint: "https://push.example/x", subject: good, keys: keys, now: now), good)
        }
        for bad in ["", "admin@homeward.example", "mailto:", "mailto:no-at-sign", "mailto:a b@c.d", "http://homeward.example", "https://", "ftp://x"] {
            XCTAssertThrowsError(try VAPIDToken.authorization(endpoint: "https://push.example/x", subject: bad, keys: keys, now: now)) { error in
                XCTAssertEqual(error as? WebPushError, .invalidSubject(bad))
            }
        }
    }

    func testAnEndpointThatIsNotAnHTTPURLIsRefused() throws {
        let keys = try keys()
        for endpoint in ["", "push.example/x", "ftp://push.example/x", "https://user:pw@push.example/x"] {
            XCTAssertThrowsError(try VAPIDToken.authorization(endpoint: endpoint, subject: subject, keys: keys, now: now)) { error in
                XCTAssertEqual(error as? WebPushError, .invalidEndpoint(endpoint))
            }
        }
    }
}
