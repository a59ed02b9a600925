import CSodium

/// The one-time initialisation of libsodium, which must precede every other call into it.
enum Sodium {
    /// Swift runs a static property's initialiser exactly once, thread-safely, on first use.
    private static let isInitialized: Bool = sodium_init() >= 0

    /// Initialises libsodium on first call; stops the process if it cannot (no usable entropy source).
    static func ensureInitialized() {
        precondition(isInitialized, "libsodium could not be initialised")
    }
}
