/// A device key that can only post positions, whatever way it is sent: the key made for a phone set
/// up by a QR code (`PhoneSetupService`), whose settings sit in a picture on someone's screen. Its
/// text carries its reach: a prefix that a random key never has (a `.` is not in the base64url
/// alphabet), covered by the key's digest, so it cannot be added to another key.
enum PostOnlyDeviceKey {
    /// What every post-only key starts with.
    static let prefix = "post."

    /// A new post-only key.
    static func make() -> String { prefix + SecureRandom.token() }

    /// Whether `key` was made post-only.
    static func isPostOnly(_ key: String) -> Bool { key.hasPrefix(prefix) }
}
