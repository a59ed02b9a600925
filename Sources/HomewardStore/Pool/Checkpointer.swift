import CSQLite
import CSystemShims
import Dispatch
import Foundation
import HomewardSync
import Synchronization

/// Copies the write-ahead log back into the database file on its own thread and connection, so
/// the writer never pauses for a checkpoint (writing pages to the file and syncing it twice).
///
/// It replaces SQLite's automatic checkpoint on the writer's connection with a WAL hook that, after
/// each commit, wakes this thread once the log holds `thresholdPages` pages; the thread then runs a
/// PASSIVE checkpoint, which never blocks the writer or the readers. Should the log still reach
/// `thresholdPages × writerFallbackFactor` pages (the thread starved, a long read holding the log),
/// the writer checkpoints itself, as SQLite would have.
///
/// `@unchecked Sendable`: `isRequested` and `isClosing` are guarded by `lock`; `connection` is used
/// only by the checkpoint thread, then by `stop()` after that thread ended.
final class Checkpointer: @unchecked Sendable {
    /// The writer checkpoints itself at this multiple of the threshold.
    static let writerFallbackFactor = 8

    let thresholdPages: Int
    private let connection: SQLiteDatabase
    private let lock = ConditionLock()
    private var isRequested = false
    private var isClosing = false
    private let threadEnded = DispatchSemaphore(value: 0)
    /// How many checkpoints the thread ran.
    let checkpointCount = Atomic<Int>(0)

    /// Opens its own connection to the database at `path` and starts the thread.
    init(path: String, configuration: DatabaseConfiguration, thresholdPages: Int) throws {
        self.thresholdPages = max(1, thresholdPages)
        connection = try SQLiteDatabase(path: path, access: .readWrite, configuration: configuration)
        // Syncs around a checkpoint stay: the log before copying, the file after.
        try connection.execute(sql: "PRAGMA synchronous = NORMAL")
        let thread = Thread { [self] in
            homeward_set_thread_name("homeward-ckpt")
            while waitForRequest() {
                checkpoint()
            }
            threadEnded.signal()
        }
        thread.start()
    }

    /// Hooks the writer's connection: after each commit, its log size decides whether to wake the
    /// thread. The hook holds the checkpointer unretained: the pool keeps it until after the writer's
    /// connection is closed (a request after `stop()` only sets a flag nobody reads).
    func watch(_ writer: SQLiteDatabase) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_wal_hook(writer.handle, { context, handle, schema, pages in
            guard let context else { return SQLITE_OK }
            let checkpointer = Unmanaged<Checkpointer>.fromOpaque(context).takeUnretainedValue()
            if Int(pages) >= checkpointer.thresholdPages * Checkpointer.writerFallbackFactor {
                // Behind: the writer copies the log back itself, as SQLite's automatic checkpoint does.
                sqlite3_wal_checkpoint_v2(handle, schema, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            } else if Int(pages) >= checkpointer.thresholdPages {
                checkpointer.request()
            }
            return SQLITE_OK
        }, context)
    }

    /// Ends the thread (after a checkpoint in progress) and closes its connection.
    func stop() {
        let wasClosing = lock.setAndWake(&isClosing)
        guard !wasClosing else { return }
        threadEnded.wait()
        connection.close()
    }

    private func request() {
        lock.withLock {
            guard !isRequested else { return }
            isRequested = true
            lock.broadcast()
        }
    }

    private func waitForRequest() -> Bool {
        lock.withLock {
            while !isRequested && !isClosing {
                lock.wait()
            }
            isRequested = false
            return !isClosing
        }
    }

    private func checkpoint() {
        // SQLITE_BUSY (the writer checkpointing itself) and SQLITE_LOCKED leave the log for next time.
        _ = sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        checkpointCount.add(1, ordering: .relaxed)
    }
}
