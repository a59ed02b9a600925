import Foundation

/// Why the VAPID key file cannot be used; the server does not start, and says what to do.
public enum VAPIDKeysError: OwnerOnlyFileError, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// Group or others may access the file.
    case wrongMode(path: String, mode: mode_t)
    /// The file does not hold an unencrypted P-256 private key in PEM.
    case malformed(path: String)
    /// The file could not be created on first start.
    case cannotCreate(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "The VAPID key \(path) cannot be read: \(reason)."
        case .wrongMode(let path, let mode):
            "The VAPID key \(path) has mode \(String(mode, radix: 8)); it must be readable by its owner only (chmod 600 \(path))."
        case .malformed(let path):
            "The VAPID key \(path) must hold an unencrypted P-256 private key in PEM: restore the file from the backup it was kept with, or remove it to make a new key (every browser must then subscribe again)."
        case .cannotCreate(let path, let reason):
            "The VAPID key \(path) cannot be created: \(reason)."
        }
    }
}
