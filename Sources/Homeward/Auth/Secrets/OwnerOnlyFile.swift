import Foundation

/// A small file of key material that only its owner may read: the server secret, the VAPID key.
/// It is created once with mode 0600 and `O_CREAT | O_EXCL` (so two starts never write two keys) and
/// synced before use; an existing one is refused when it is not a regular file or when group or
/// others may access it. Failures are thrown as the caller's own error type, naming the file.
enum OwnerOnlyFile {
    /// The only permission bits the file may have: read and write for its owner.
    static let requiredMode: mode_t = 0o600

    /// The file's bytes; nil when there is no file at `path`. Failures are thrown as `Failure`.
    static func contents<Failure: OwnerOnlyFileError>(at path: String, reporting _: Failure.Type) throws(Failure) -> Data? {
        var status = stat()
        if stat(path, &status) != 0 {
            let error = errno
            guard error == ENOENT else { throw .unreadable(path: path, reason: String(cString: strerror(error))) }
            return nil
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        let mode = status.st_mode & 0o777
        guard mode & ~requiredMode == 0 else { throw .wrongMode(path: path, mode: mode) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied")
        }
        return data
    }

    /// Writes `bytes` to a new file at `path` with mode 0600; fails if the file exists, and leaves no
    /// partial file behind. Failures are thrown as `Failure`.
    static func create<Failure: OwnerOnlyFileError>(at path: String, bytes: [UInt8], reporting _: Failure.Type) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, requiredMode)
        guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw .cannotCreate(path: path, reason: reason)
        }
    }
}

/// The errors of a key file kept by `OwnerOnlyFile`, each naming the file.
protocol OwnerOnlyFileError: Error {
    /// The file could not be read.
    static func unreadable(path: String, reason: String) -> Self
    /// Group or others may access the file.
    static func wrongMode(path: String, mode: mode_t) -> Self
    /// The file could not be created.
    static func cannotCreate(path: String, reason: String) -> Self
}
