import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes the database's write-ahead log durable with `fdatasync`, from the finisher thread.
///
/// The writer's connection runs with `synchronous=NORMAL`: COMMIT writes the transaction's frames
/// to the `-wal` file without syncing it (checkpoints still sync), and the writer goes on to the
/// next group at once. `synchronous=FULL` would only add a sync of that file after each commit;
/// this is that sync, moved off the writer and done once for every group committed meanwhile, and
/// no write is acknowledged before it returns. `fdatasync` flushes the file (its inode), whichever
/// descriptor names it; the file is reopened when it is no longer the one at its path.
///
/// `@unchecked Sendable`: created on the opening thread, then used only by the finisher thread.
final class WriteAheadLogSync: @unchecked Sendable {
    private let path: String
    private var descriptor: Int32 = -1
    private var inode: ino_t = 0

    /// Syncs the log of the database at `databasePath`.
    init(databasePath: String) {
        path = databasePath + "-wal"
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Flushes every frame written to the log so far to stable storage; throws on any failure,
    /// in which case nothing it was meant to cover may be acknowledged.
    func sync() throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw failure("cannot find the write-ahead log \(path)")
        }
        if descriptor < 0 || status.st_ino != inode {
            if descriptor >= 0 { close(descriptor) }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw failure("cannot open the write-ahead log \(path)")
            }
            inode = status.st_ino
        }
        guard fdatasync(descriptor) == 0 else {
            let error = failure("fdatasync of the write-ahead log \(path) failed")
            // The next sync starts from a fresh descriptor.
            close(descriptor)
            descriptor = -1
            throw error
        }
    }

    private func failure(_ message: String) -> DatabaseError {
        // SQLITE_IOERR_FSYNC, which Swift does not import (a macro built with a shift).
        DatabaseError(extendedResultCode: SQLITE_IOERR | (4 << 8), message: "\(message): \(String(cString: strerror(errno)))")
    }
}
