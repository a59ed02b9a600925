import XCTest
@testable import Homeward

final class SecretHasherTests: XCTestCase {
    func testADigestIsTheHMACSHA256OfTheSecretUnderTheServerKey() {
        let key = (0..<ServerSecret.byteCount).map { UInt8($0 * 7 % 256) }
        let hasher = SecretHasher(secret: ServerSecret(bytes: key))
        for secret in ["", "482913", "größe", String(repeating: "x", count: 500)] {
            XCTAssertEqual(hasher.digest(secret), SecretDigest.hmacSHA256(Array(secret.utf8), key: key), secret)
        }
        XCTAssertEqual(hasher.digest("482913"), hasher.digest("482913"), "one state serves every digest")
        XCTAssertEqual(hasher.legacyDigest("482913"), SecretDigest.sha256("482913"))
    }

    func testAnotherKeyGivesOtherDigestsAndAnotherFingerprint() {
        let first = SecretHasher(secret: ServerSecret(bytes: [UInt8](repeating: 1, count: ServerSecret.byteCount)))
        let second = SecretHasher(secret: ServerSecret(bytes: [UInt8](repeating: 2, count: ServerSecret.byteCount)))
        XCTAssertNotEqual(first.digest("482913"), second.digest("482913"))
        XCTAssertNotEqual(first.fingerprint, second.fingerprint)
    }
}
