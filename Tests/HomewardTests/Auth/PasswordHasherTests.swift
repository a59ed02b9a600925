import Synchronization
import XCTest
@testable import Homeward

final class PasswordHasherTests: XCTestCase {
    /// libsodium's minimum cost, so the tests stay quick.
    private static let cheap = PasswordHashingConfiguration(iterations: 1, memoryBytes: 8 * 1024, maxConcurrentHashes: 2)

    func testHashIsArgon2idPHCStringWithConfiguredCost() throws {
        let hasher = try PasswordHasher(configuration: Self.cheap)
        let hash = try hasher.hash("Correct-Horse-7")
        XCTAssertTrue(hash.hasPrefix("$argon2id$v=19$m=8,t=1,p=1$"), hash)
    }

    func testRecommendedConfigurationIsOWASPFirstChoice() {
        let recommended = PasswordHashingConfiguration.recommended
        XCTAssertEqual(recommended.memoryBytes, 19 * 1024 * 1024)
        XCTAssertEqual(recommended.iterations, 2)
        XCTAssertEqual(recommended.maxConcurrentHashes, ProcessorCount.active)
    }

    func testCorrectPasswordVerifies() throws {
        let hasher = try PasswordHasher(configuration: Self.cheap)
        let hash = try hasher.hash("Correct-Horse-7")
        XCTAssertTrue(hasher.verify("Correct-Horse-7", against: hash))
    }

    func testWrongPasswordDoesNotVerify() throws {
        let hasher = try PasswordHasher(configuration: Self.cheap)
        let hash = try hasher.hash("Correct-Horse-7")
        XCTAssertFalse(hasher.verify("Correct-Horse-8", against: hash))
        XCTAssertFalse(hasher.verify("correct-horse-7", against: hash))
        XCTAssertFalse(hasher.verify("", against: hash))
    }

    func testSamePasswordHashesDifferentlyEachTime() throws {
        let hasher = try PasswordHasher(configuration: Self.cheap)
        XCTAssertNotEqual(try hasher.hash("Correct-Horse-7"), try hasher.hash("Correct-Horse-7"))
    }

    func testUnknownAccountNeverVerifiesButStillSpendsAVerification() throws {
        let hasher = try PasswordHasher(configuration: Self.cheap)
        XCTAssertFalse(hasher.verify("Correct-Horse-7", against: nil))
        XCTAssertTrue(hasher.dummyHash.hasPrefix("$argon2id$v=19$m=8,t=1,p=1$"))
        XCTAssertFalse(hasher.needsRehash(hasher.dummyHash), "the dummy costs what a real hash costs")
    }

    func testGarbageStoredHashDoesNotVerify() throws {
        let hasher = try PasswordHasher(configuration: Self.cheap)
        XCTAssertFalse(hasher.verify("Correct-Horse-7", against: "not a hash"))
        XCTAssertFalse(hasher.verify("Correct-Horse-7", against: ""))
    }

    func testComposedAndDecomposedAccentsAreTheSamePassword() throws {
        let hasher = try PasswordHasher(configuration: Self.cheap)
        let composed = "Caf\u{00E9}-Noir-1"
        let decomposed = "Cafe\u{0301}-Noir-1"
        XCTAssertNotEqual(Array(composed.utf8), Array(decomposed.utf8))
        XCTAssertTrue(hasher.verify(decomposed, against: try hasher.hash(composed)))
    }

    func testPasswordWithEmbeddedNulIsHashedWhole() throws {
        let hasher = try PasswordHasher(configuration: Self.cheap)
        let hash = try hasher.hash("Abc1!\u{0}tail")
        XCTAssertTrue(hasher.verify("Abc1!\u{0}tail", against: hash))
        XCTAssertFalse(hasher.verify("Abc1!\u{0}tale", against: hash))
        XCTAssertFalse(hasher.verify("Abc1!", against: hash))
    }

    func testHashFromCheaperParametersNeedsRehashAfterUpgrade() throws {
        let old = try PasswordHasher(configuration: Self.cheap)
        var stronger = Self.cheap
        stronger.memoryBytes = 16 * 1024
        let upgraded = try PasswordHasher(configuration: stronger)
        let oldHash = try old.hash("Correct-Horse-7")

        XCTAssertFalse(old.needsRehash(oldHash))
        XCTAssertTrue(upgraded.needsRehash(oldHash))
        XCTAssertTrue(upgraded.verify("Correct-Horse-7", against: oldHash), "old hashes still log in")
        let newHash = try upgraded.hash("Correct-Horse-7")
        XCTAssertFalse(upgraded.needsRehash(newHash))

        var moreIterations = Self.cheap
        moreIterations.iterations = 2
        XCTAssertTrue(try PasswordHasher(configuration: moreIterations).needsRehash(oldHash))
    }

    func testNonArgon2idHashNeedsRehash() throws {
        let hasher = try PasswordHasher(configuration: Self.cheap)
        XCTAssertTrue(hasher.needsRehash("$argon2i$v=19$m=8,t=3,p=1$c29tZXNhbHQ$aGFzaA"))
        XCTAssertTrue(hasher.needsRehash("$2b$12$abcdefghijklmnopqrstuv"))
    }

    func testConfigurationBelowLibsodiumMinimumIsRefused() {
        XCTAssertThrowsError(try PasswordHasher(configuration: .init(iterations: 0, memoryBytes: 8192))) { error in
            guard case .invalidConfiguration(let message) = error as? PasswordHashingError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertTrue(message.contains("iterations"), message)
        }
        XCTAssertThrowsError(try PasswordHasher(configuration: .init(iterations: 1, memoryBytes: 1024)))
        XCTAssertThrowsError(
            try PasswordHasher(configuration: .init(iterations: 1, memoryBytes: 8192, maxConcurrentHashes: 0)))
    }

    func testConcurrentHashingFromManyThreadsStaysCorrect() throws {
        let hasher = try PasswordHasher(configuration: .init(iterations: 1, memoryBytes: 8192, maxConcurrentHashes: 1))
        let results = Mutex([Bool](repeating: false, count: 16))
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let password = "Password-\(index)!"
            let verified = (try? hasher.hash(password)).map { hasher.verify(password, against: $0) } ?? false
            results.withLock { $0[index] = verified }
        }
        XCTAssertEqual(results.withLock { $0 }, [Bool](repeating: true, count: 16))
    }
}
