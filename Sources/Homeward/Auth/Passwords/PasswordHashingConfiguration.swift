/// The cost of argon2id password hashing and how many hashes may run at once.
public struct PasswordHashingConfiguration: Sendable, Equatable {
    /// OWASP's first choice for argon2id (19 MiB, two passes, one lane), with one concurrent hash a core.
    public static let recommended = PasswordHashingConfiguration()

    /// Passes over memory (argon2's t, libsodium's opslimit); at least 1.
    public var iterations: UInt64
    /// Memory a single hash fills (argon2's m, libsodium's memlimit), in bytes; at least 8 KiB.
    public var memoryBytes: Int
    /// Hashes and verifications allowed to run at the same time; more wait, so a burst of logins
    /// uses at most this many times `memoryBytes`.
    public var maxConcurrentHashes: Int

    /// Creates a configuration; the defaults are OWASP's first choice, one concurrent hash a core.
    public init(
        iterations: UInt64 = 2,
        memoryBytes: Int = 19 * 1024 * 1024,
        maxConcurrentHashes: Int = ProcessorCount.active
    ) {
        self.iterations = iterations
        self.memoryBytes = memoryBytes
        self.maxConcurrentHashes = maxConcurrentHashes
    }
}
