import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The advisory lock that makes one database file served by one process: `homeward serve` holds
/// an exclusive `flock` on `<database>.lock` for its whole life, and the kernel lets go of it when
/// the process ends in any way, `kill -9` included. The lock file holds the owner's pid, which a
/// refused second server names. SQLite's own locks (POSIX byte ranges on the database and its
/// `-shm`) are untouched, so `backup`, `stats`, `prune` and `migrate` still open the database beside
/// a running server.
public final class ServingLock: Sendable {
    /// Why the lock was not taken.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// Another process holds the lock; its pid when the file says.
        case held(lockPath: String, databasePath: String, pid: Int32?)
        /// The lock file could not be opened or locked.
        case unavailable(lockPath: String, reason: String)

        /// A message naming what holds the database.
        public var description: String {
            switch self {
            case .held(let lockPath, let databasePath, let pid):
                let owner = pid.map { "another homeward serve (pid \($0))" } ?? "another homeward serve"
                return "\(databasePath) is already served by \(owner), which holds the lock \(lockPath); "
                    + "stop it first, or give this server another --database"
            case .unavailable(let lockPath, let reason):
                return "cannot lock \(lockPath): \(reason)"
            }
        }
    }

    /// The lock file, beside the database.
    public let path: String
    private let descriptor: Int32

    /// The lock file of the database at `databasePath`.
    public static func lockPath(forDatabase databasePath: String) -> String { databasePath + ".lock" }

    /// Takes the lock of the database at `databasePath` for this process, or throws `held` naming
    /// the process that has it.
    public init(databasePath: String) throws(Failure) {
        path = Self.lockPath(forDatabase: databasePath)
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard opened >= 0 else { throw .unavailable(lockPath: path, reason: String(cString: strerror(errno))) }
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = Self.recordedPid(in: opened)
            close(opened)
            if code == EWOULDBLOCK { throw .held(lockPath: path, databasePath: databasePath, pid: holder) }
            throw .unavailable(lockPath: path, reason: String(cString: strerror(code)))
        }
        descriptor = opened
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Lets go of the lock (the process's end does the same).
    deinit {
        close(descriptor)
    }

    private static func recordedPid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
