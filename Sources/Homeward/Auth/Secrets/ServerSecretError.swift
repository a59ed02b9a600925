import Foundation

/// Why the server secret cannot be used; the server does not start, and says what to do.
public enum ServerSecretError: OwnerOnlyFileError, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// Group or others may access the file.
    case wrongMode(path: String, mode: mode_t)
    /// The file does not hold 64 hexadecimal characters.
    case malformed(path: String)
    /// No file, and the database holds digests made with a secret: a new one would lock everyone out.
    case missing(path: String)
    /// The file exists but holds another key than the one the database's digests were made with.
    case mismatch(path: String)
    /// The file could not be created on first start.
    case cannotCreate(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "The server secret \(path) cannot be read: \(reason)."
        case .wrongMode(let path, let mode):
            "The server secret \(path) has mode \(String(mode, radix: 8)); it must be readable by its owner only (chmod 600 \(path))."
        case .malformed(let path):
            "The server secret \(path) must hold 64 hexadecimal characters (32 bytes)."
        case .missing(let path):
            "The server secret \(path) is missing, but the database holds codes, tokens and keys digested with one: restore the file from the backup it was kept with (or set --secret-file / HOMEWARD_SECRET_FILE to where it is)."
        case .mismatch(let path):
            "The server secret \(path) is not the one this database was used with: restore the right file (or set --secret-file / HOMEWARD_SECRET_FILE to where it is)."
        case .cannotCreate(let path, let reason):
            "The server secret \(path) cannot be created: \(reason)."
        }
    }
}
