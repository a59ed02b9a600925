import Foundation

/// A small file of key material that only its owner may read: the server secret, the VAPID key.
/// It is created once with mode 0600 and `O_CREAT | O_EXCL` (so two starts never write two keys) and
/// synced before use; an existing one is refused when it is not a regular file or when group or
/// others may access it.
enum OwnerOnlyFile {
    /// The only permission bits the file may have: read and write for its owner.
    static let requiredMode: mode_t = 0o600

    /// Why an existing file cannot be read.
    enum ReadFailure: Error, Equatable {
        /// `stat` or the read failed, or the path is not a regular file.
        case unreadable(reason: String)
        /// Group or others may access the file.
        case wrongMode(mode_t)
    }

    /// Why the file could not be created.
    struct CreateFailure: Error, Equatable {
        /// The operating system's words for it.
        let reason: String
    }

    /// The file's bytes; nil when there is no file at `path`.
    static func contents(at path: String) throws(ReadFailure) -> Data? {
        var status = stat()
        if stat(path, &status) != 0 {
            let error = errno
            guard error == ENOENT else { throw .unreadable(reason: String(cString: strerror(error))) }
            return nil
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(reason: "not a regular file") }
        let mode = status.st_mode & 0o777
        guard mode & ~requiredMode == 0 else { throw .wrongMode(mode) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(reason: "permission denied") }
        return data
    }

    /// Writes `bytes` to a new file at `path` with mode 0600; fails if the file exists, and leaves no
    /// partial file behind.
    static func create(at path: String, bytes: [UInt8]) throws(CreateFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, requiredMode)
        guard descriptor >= 0 else { throw CreateFailure(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw CreateFailure(reason: reason)
        }
    }
}
