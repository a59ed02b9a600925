import CSodium
import Dispatch
import Foundation

/// Hashes and verifies passwords with argon2id (libsodium's `crypto_pwhash_str_alg`), storing
/// self-describing PHC strings such as `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`.
///
/// Each hash fills `memoryBytes` of memory, so a counting semaphore admits at most
/// `maxConcurrentHashes` at once and a login burst queues rather than exhausting memory. Hashing
/// blocks the calling thread for tens of milliseconds: call it from a worker, never an I/O loop.
///
/// Passwords are normalised to Unicode NFC first, so "é" typed as one code point on one phone and
/// as "e" plus a combining accent on another is the same password.
public final class PasswordHasher: Sendable {
    /// The cost and concurrency this hasher uses.
    public let configuration: PasswordHashingConfiguration
    /// A hash of a random password at the configured cost, verified against when the account does
    /// not exist so that an unknown phone costs the same time as a wrong password.
    public let dummyHash: String
    private let slots: DispatchSemaphore

    /// Creates a hasher and computes its dummy hash; throws if libsodium rejects the configuration.
    public init(configuration: PasswordHashingConfiguration = .recommended) throws(PasswordHashingError) {
        Sodium.ensureInitialized()
        guard configuration.iterations >= UInt64(crypto_pwhash_opslimit_min()) else {
            throw .invalidConfiguration("iterations must be at least \(crypto_pwhash_opslimit_min())")
        }
        guard configuration.memoryBytes >= crypto_pwhash_memlimit_min(),
              configuration.memoryBytes <= crypto_pwhash_memlimit_max()
        else {
            throw .invalidConfiguration(
                "memoryBytes must be between \(crypto_pwhash_memlimit_min()) and \(crypto_pwhash_memlimit_max())")
        }
        guard configuration.maxConcurrentHashes >= 1 else {
            throw .invalidConfiguration("maxConcurrentHashes must be at least 1")
        }
        self.configuration = configuration
        slots = DispatchSemaphore(value: configuration.maxConcurrentHashes)
        dummyHash = try Self.computeHash(of: SecureRandom.token(), configuration: configuration)
    }

    /// A salted argon2id hash of `password` as a PHC string, to store in `accounts.password_hash`.
    public func hash(_ password: String) throws(PasswordHashingError) -> String {
        slots.wait()
        defer { slots.signal() }
        return try Self.computeHash(of: password, configuration: configuration)
    }

    /// Whether `password` matches `storedHash`; with no stored hash (unknown account) it verifies
    /// against `dummyHash` to spend the same time, and answers false.
    public func verify(_ password: String, against storedHash: String?) -> Bool {
        slots.wait()
        defer { slots.signal() }
        let matches = Self.withNormalizedBytes(of: password) { bytes, count in
            (storedHash ?? dummyHash).withCString { hash in
                crypto_pwhash_str_verify(hash, bytes, UInt64(count)) == 0
            }
        }
        return storedHash != nil && matches
    }

    /// Whether `storedHash` was made with other parameters than this hasher's (or is not an argon2id
    /// hash at all), so the password should be hashed again after a successful login.
    public func needsRehash(_ storedHash: String) -> Bool {
        guard storedHash.hasPrefix(Self.argon2idPrefix) else { return true }
        return storedHash.withCString { hash in
            crypto_pwhash_str_needs_rehash(hash, configuration.iterations, configuration.memoryBytes) != 0
        }
    }

    private static let argon2idPrefix = "$argon2id$"

    private static func computeHash(
        of password: String, configuration: PasswordHashingConfiguration
    ) throws(PasswordHashingError) -> String {
        var output = [CChar](repeating: 0, count: crypto_pwhash_strbytes())
        let status = withNormalizedBytes(of: password) { bytes, count in
            crypto_pwhash_str_alg(&output, bytes, UInt64(count), configuration.iterations,
                                  configuration.memoryBytes, crypto_pwhash_alg_argon2id13())
        }
        guard status == 0 else { throw .outOfMemory }
        return output.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Calls `body` with the NFC UTF-8 bytes of `password`; the byte count is passed, so a NUL
    /// inside the password is hashed like any other character.
    private static func withNormalizedBytes<Result>(
        of password: String, _ body: (UnsafePointer<CChar>, Int) -> Result
    ) -> Result {
        let normalized = password.precomposedStringWithCanonicalMapping
        return normalized.withCString { body($0, normalized.utf8.count) }
    }
}
