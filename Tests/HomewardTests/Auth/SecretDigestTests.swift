import XCTest
@testable import Homeward

final class SecretDigestTests: XCTestCase {
    func testSHA256MatchesFIPSVectors() {
        XCTAssertEqual(SecretDigest.hex(SecretDigest.sha256("")),
                       "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SecretDigest.hex(SecretDigest.sha256("abc")),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SecretDigest.hex(SecretDigest.sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    func testSHA256OfTextIsSHA256OfItsUTF8Bytes() {
        XCTAssertEqual(SecretDigest.sha256("größe"), SecretDigest.sha256(Array("größe".utf8)))
        XCTAssertEqual(SecretDigest.sha256("abc").count, SecretDigest.digestByteCount)
    }

    func testHMACSHA256MatchesRFC4231TestCase2() {
        let mac = SecretDigest.hmacSHA256(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8))
        XCTAssertEqual(SecretDigest.hex(mac), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    func testHMACSHA256MatchesRFC4231TestCase1() {
        let mac = SecretDigest.hmacSHA256(Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20))
        XCTAssertEqual(SecretDigest.hex(mac), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    func testHMACSHA256WithKeyLongerThanABlockMatchesRFC4231TestCase6() {
        let mac = SecretDigest.hmacSHA256(
            Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            key: [UInt8](repeating: 0xaa, count: 131))
        XCTAssertEqual(SecretDigest.hex(mac), "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    func testHMACSHA256WithEmptyKeyAndMessageMatchesKnownValue() {
        XCTAssertEqual(SecretDigest.hex(SecretDigest.hmacSHA256([], key: [])),
                       "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    func testConstantTimeEqualsComparesContentAndLength() {
        let digest = SecretDigest.sha256("token")
        XCTAssertTrue(SecretDigest.constantTimeEquals(digest, SecretDigest.sha256("token")))
        XCTAssertFalse(SecretDigest.constantTimeEquals(digest, SecretDigest.sha256("tokem")))
        var lastByteFlipped = digest
        lastByteFlipped[31] ^= 1
        XCTAssertFalse(SecretDigest.constantTimeEquals(digest, lastByteFlipped))
        XCTAssertFalse(SecretDigest.constantTimeEquals(digest, Array(digest.prefix(31))))
        XCTAssertTrue(SecretDigest.constantTimeEquals([], []))
        XCTAssertFalse(SecretDigest.constantTimeEquals([], [0]))
    }

    func testHexIsLowerCaseTwoCharactersPerByte() {
        XCTAssertEqual(SecretDigest.hex([0x00, 0x0f, 0xa0, 0xff]), "000fa0ff")
        XCTAssertEqual(SecretDigest.hex([]), "")
    }
}
