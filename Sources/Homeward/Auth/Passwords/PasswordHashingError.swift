/// Why a password could not be hashed.
public enum PasswordHashingError: Error, Equatable, Sendable {
    /// The configuration is outside what libsodium accepts; the message says which value.
    case invalidConfiguration(String)
    /// libsodium could not hash, which for argon2id means the memory could not be allocated.
    case outOfMemory
}
