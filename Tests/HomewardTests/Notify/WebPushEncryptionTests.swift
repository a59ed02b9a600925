import XCTest
@testable import Homeward

/// RFC 8291 `aes128gcm` encryption: the RFC's own example byte for byte, a round trip through the
/// browser's side, and the subscriptions and payloads it must refuse.
final class WebPushEncryptionTests: XCTestCase {
    /// RFC 8291 Appendix A, with its line breaks removed.
    private enum Example {
        static let plaintext = "When I grow up, I want to be a watermelon"
        static let senderPrivateKey = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
        static let senderPublicKey = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
        static let userAgentPrivateKey = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
        static let userAgentPublicKey = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
        static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
        static let body = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
    }

    private func bytes(_ base64URL: String) throws -> [UInt8] {
        try XCTUnwrap(Base64URL.decode(base64URL), base64URL)
    }

    /// A browser's subscription: its private key (kept by the test) and its public keys.
    private func subscription() throws -> (privateKey: [UInt8], p256dh: [UInt8], auth: [UInt8]) {
        let privateKey = SecureRandom.bytes(count: 32)
        let key = try XCTUnwrap(P256Key(privateKey: privateKey))
        return (privateKey, key.publicKey, SecureRandom.bytes(count: 16))
    }

    func testTheRFC8291ExampleIsReproducedByteForByte() throws {
        let body = try WebPushEncryption.encrypt(
            payload: Array(Example.plaintext.utf8), userAgentPublicKey: bytes(Example.userAgentPublicKey),
            authSecret: bytes(Example.authSecret), recordSize: 4096,
            ephemeralPrivateKey: bytes(Example.senderPrivateKey), salt: bytes(Example.salt))
        XCTAssertEqual(Base64URL.encode(body), Example.body)
        XCTAssertEqual(Array(body[21..<86]), try bytes(Example.senderPublicKey), "the key id is the sender's public key")
    }

    func testTheTestDecryptionOpensTheRFC8291Example() throws {
        let payload = WebPushTestCrypto.decrypt(
            body: try bytes(Example.body), userAgentPrivateKey: try bytes(Example.userAgentPrivateKey),
            authSecret: try bytes(Example.authSecret))
        XCTAssertEqual(payload, Array(Example.plaintext.utf8))
    }

    func testAPayloadRoundTripsUnderAFreshKeyAndSaltEachTime() throws {
        let browser = try subscription()
        let payload = Array(#"{"title":"SOS: Anna","body":"fell at the bus stop"}"#.utf8)
        let first = try WebPushEncryption.encrypt(payload: payload, userAgentPublicKey: browser.p256dh, authSecret: browser.auth)
        let second = try WebPushEncryption.encrypt(payload: payload, userAgentPublicKey: browser.p256dh, authSecret: browser.auth)
        for body in [first, second] {
            XCTAssertEqual(body.count, WebPushEncryption.headerByteCount + payload.count + WebPushEncryption.recordOverheadBytes)
            XCTAssertEqual(Array(body[16..<21]), [0, 0, 0x10, 0, 65], "record size 4096 and a 65-byte key id")
            XCTAssertEqual(WebPushTestCrypto.decrypt(body: body, userAgentPrivateKey: browser.privateKey, authSecret: browser.auth), payload)
        }
        XCTAssertNotEqual(Array(first[0..<16]), Array(second[0..<16]), "a new salt for every message")
        XCTAssertNotEqual(Array(first[21..<86]), Array(second[21..<86]), "a new ephemeral key for every message")
        XCTAssertNil(
            WebPushTestCrypto.decrypt(body: first, userAgentPrivateKey: browser.privateKey, authSecret: SecureRandom.bytes(count: 16)),
            "another auth secret does not open it")
    }

    func testTheRecordSizeIsWrittenInTheHeader() throws {
        let browser = try subscription()
        let body = try WebPushEncryption.encrypt(
            payload: Array("hello".utf8), userAgentPublicKey: browser.p256dh, authSecret: browser.auth, recordSize: 22)
        XCTAssertEqual(Array(body[16..<20]), [0, 0, 0, 22])
        XCTAssertEqual(WebPushTestCrypto.decrypt(body: body, userAgentPrivateKey: browser.privateKey, authSecret: browser.auth), Array("hello".utf8))
    }

    func testTheLargestPayloadMakesA4096ByteBodyAndOneMoreByteIsRefused() throws {
        let browser = try subscription()
        XCTAssertEqual(WebPushEncryption.maxPayloadBytes, 3993)
        let largest = [UInt8](repeating: 0x41, count: WebPushEncryption.maxPayloadBytes)
        let body = try WebPushEncryption.encrypt(payload: largest, userAgentPublicKey: browser.p256dh, authSecret: browser.auth)
        XCTAssertEqual(body.count, WebPushEncryption.maxBodyBytes)
        XCTAssertEqual(WebPushTestCrypto.decrypt(body: body, userAgentPrivateKey: browser.privateKey, authSecret: browser.auth), largest)
        XCTAssertThrowsError(
            try WebPushEncryption.encrypt(payload: largest + [0x41], userAgentPublicKey: browser.p256dh, authSecret: browser.auth)
        ) { error in
            XCTAssertEqual(error as? WebPushError, .payloadTooLarge(byteCount: 3994, maxBytes: 3993))
        }
    }

    func testARecordSizeTooSmallForThePayloadOrForRFC8188IsRefused() throws {
        let browser = try subscription()
        func encrypt(_ payloadBytes: Int, recordSize: Int) throws -> [UInt8] {
            try WebPushEncryption.encrypt(
                payload: [UInt8](repeating: 1, count: payloadBytes), userAgentPublicKey: browser.p256dh, authSecret: browser.auth,
                recordSize: recordSize)
        }
        XCTAssertNoThrow(try encrypt(1, recordSize: 18))
        XCTAssertThrowsError(try encrypt(2, recordSize: 18)) { error in
            XCTAssertEqual(error as? WebPushError, .payloadTooLarge(byteCount: 2, maxBytes: 1))
        }
        XCTAssertThrowsError(try encrypt(0, recordSize: 17)) { error in
            XCTAssertEqual(error as? WebPushError, .invalidRecordSize(17))
        }
    }

    func testMalformedSubscriptionKeysAreRefused() throws {
        let browser = try subscription()
        var offCurve = browser.p256dh
        offCurve[64] ^= 1
        let compressed = [2 + (browser.p256dh[64] & 1)] + Array(browser.p256dh[1..<33])
        let badKeys: [[UInt8]] = [
            [], Array(browser.p256dh.dropLast()), browser.p256dh + [0], offCurve, compressed,
            [0x04] + [UInt8](repeating: 0, count: 64), [0x05] + Array(browser.p256dh.dropFirst()),
        ]
        for key in badKeys {
            XCTAssertThrowsError(try WebPushEncryption.encrypt(payload: [1], userAgentPublicKey: key, authSecret: browser.auth)) { error in
                XCTAssertEqual(error as? WebPushError, .invalidUserAgentKey(byteCount: key.count), "\(key)")
            }
        }
        for secret in [[], [UInt8](repeating: 7, count: 15), [UInt8](repeating: 7, count: 17)] {
            XCTAssertThrowsError(try WebPushEncryption.encrypt(payload: [1], userAgentPublicKey: browser.p256dh, authSecret: secret)) { error in
                XCTAssertEqual(error as? WebPushError, .invalidAuthSecret(byteCount: secret.count))
                XCTAssertTrue("\(error)".contains("must have 16"), "\(error)")
            }
        }
    }
}
