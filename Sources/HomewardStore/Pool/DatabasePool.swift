import Foundation
import Synchronization

/// A WAL database file served by one group-committing writer thread and a pool of readers.
///
/// Concurrent `write` calls are batched: the writer runs every queued block in its own savepoint
/// inside one `BEGIN IMMEDIATE` transaction and commits once; the finisher thread then syncs the
/// write-ahead log once for every group committed meanwhile and only then answers the writers, so
/// N writers cost about one fsync and the writer never waits for the disk.
/// Reads run on the caller's thread on read-only connections, concurrently with the writer.
public final class DatabasePool: DatabaseWriter {
    /// The database file.
    public let path: String
    private let writer: GroupCommitWriter
    private let readers: ReaderPool
    private let checkpointer: Checkpointer?
    private let configuration: DatabaseConfiguration
    private let isClosed = Atomic<Bool>(false)

    /// Opens (creating when missing) the database at `path`.
    public init(path: String, configuration: DatabaseConfiguration = .init()) throws {
        self.path = path
        self.configuration = configuration
        // The writer opens first: it creates the file and switches it to WAL before any reader
        // (which cannot do either) opens.
        let connection = try SQLiteDatabase(path: path, access: .readWrite, configuration: configuration)
        // A file database's commits are synced by the finisher (see WriteAheadLogSync), so COMMIT
        // itself need not: SQLite then syncs only around checkpoints.
        let log = path.isEmpty || path == ":memory:" ? nil : WriteAheadLogSync(databasePath: path)
        if log != nil {
            try connection.execute(sql: "PRAGMA synchronous = NORMAL")
            let checkpointer = try Checkpointer(
                path: path, configuration: configuration, thresholdPages: configuration.checkpointThresholdPages)
            checkpointer.watch(connection)
            self.checkpointer = checkpointer
        } else {
            checkpointer = nil
        }
        writer = GroupCommitWriter(connection: connection, maxGroupBlocks: configuration.maxGroupCommitBlocks, log: log)
        readers = ReaderPool(path: path, configuration: configuration)
    }

    deinit {
        try? close()
    }

    /// Runs `block` on a reader inside a deferred transaction, so it sees one consistent snapshot.
    public func read<Result>(_ block: (any Database) throws -> Result) throws -> Result {
        try readSQLite(block)
    }

    /// `read`, with the block given SQLite's connection itself (for SQLite's own statements:
    /// migrations, pragmas).
    public func readSQLite<Result>(_ block: (SQLiteDatabase) throws -> Result) throws -> Result {
        try readers.withReader { database in
            try database.inTransaction(.deferred) {
                try block(database)
            }
        }
    }

    /// Queues `block` for the writer and waits until its group is committed (durable) or it failed.
    public func write<Result>(_ block: (any Database) throws -> Result) throws -> Result {
        try writeSQLite(block)
    }

    /// Queues `block` behind the ordinary writes waiting, in a group of its own, and waits until it
    /// is committed, not for the log's sync (see `DatabaseWriter.writeInBackground`).
    public func writeInBackground<Result>(_ block: (any Database) throws -> Result) throws -> Result {
        try writeSQLite(isBackground: true, block)
    }

    /// `write`, with the block given SQLite's connection itself (for SQLite's own statements:
    /// migrations, pragmas).
    public func writeSQLite<Result>(_ block: (SQLiteDatabase) throws -> Result) throws -> Result {
        try writeSQLite(isBackground: false, block)
    }

    private func writeSQLite<Result>(isBackground: Bool, _ block: (SQLiteDatabase) throws -> Result) throws -> Result {
        guard !writer.isCurrentThread && !writer.isFinisherThread else {
            throw DatabaseError.misuse("write called from inside a write block or a write's completion would wait for itself")
        }
        return try withoutActuallyEscaping(block) { block in
            // Safe to let the block escape into the queue: this thread waits until the writer ran it.
            var result: Result?
            let job = WriteJob({ database in
                result = try block(database)
            }, isBackground: isBackground)
            try writer.enqueue(job)
            try job.waitUntilFinished()
            guard let result else {
                throw DatabaseError.misuse("the writer finished a write block without running it")
            }
            return result
        }
    }

    /// Queues `block` for the writer and returns at once; `completion` gets the block's result on the
    /// finisher thread once its group is committed (durable), or the error that failed it. Every
    /// completion and blocking write's wake-up runs there in commit order, so a slow completion
    /// delays the ones after it: it should only hand the outcome on.
    public func submitWrite<Result>(
        _ block: @escaping @Sendable (any Database) throws -> Result,
        completion: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
    ) {
        guard !writer.isCurrentThread else {
            completion(.failure(DatabaseError.misuse("submitWrite called from inside a write block")))
            return
        }
        let box = ResultBox<Result>()
        let job = WriteJob({ database in box.value = try block(database) }, completion: { error in
            if let error {
                completion(.failure(error))
            } else if let value = box.value {
                completion(.success(value))
            } else {
                completion(.failure(DatabaseError.misuse("the writer finished a write block without running it")))
            }
        })
        do {
            try writer.enqueue(job)
        } catch {
            completion(.failure(error))
        }
    }

    /// Finishes every queued write, checkpoints the WAL into the file (truncating it) and closes
    /// every connection. Later reads and writes throw. Calling it again does nothing.
    public func close() throws {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        writer.drainAndStop()
        readers.close()
        checkpointer?.stop()
        try writer.closeConnection()
    }

    /// Writes an online, consistent copy of the database to `destinationPath` (which must not
    /// exist) with SQLite's backup API, while writes go on.
    public func backup(to destinationPath: String) throws {
        guard !FileManager.default.fileExists(atPath: destinationPath) else {
            throw DatabaseError.misuse("backup destination \(destinationPath) already exists")
        }
        try readers.withReader { source in
            let destination = try SQLiteDatabase(path: destinationPath, access: .readWrite, configuration: configuration)
            defer { destination.close() }
            try destination.copy(from: source, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        }
    }

    /// The bytes the database occupies on disk: the file plus its write-ahead log.
    public var fileSizeBytes: Int {
        [path, path + "-wal"].reduce(0) { total, file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
            return total + (size ?? 0)
        }
    }

    /// Checks that a reader can open a snapshot and run a query; for health checks.
    public func ping() throws {
        let one: Int? = try read { try $0.fetchOne("SELECT 1") }
        guard one == 1 else {
            throw DatabaseError.misuse("SELECT 1 returned \(one.map(String.init) ?? "nothing")")
        }
    }

    /// How many group commits the writer made (for metrics; far below `committedWriteCount` under load).
    public var commitCount: Int { writer.commitCount.load(ordering: .relaxed) }

    /// How many write blocks were committed.
    public var committedWriteCount: Int { writer.committedBlockCount.load(ordering: .relaxed) }

    /// How many checkpoints the checkpoint thread ran (none for an in-memory database).
    public var backgroundCheckpointCount: Int { checkpointer?.checkpointCount.load(ordering: .relaxed) ?? 0 }

    /// How many write blocks wait for the writer right now.
    public var queuedWriteCount: Int { writer.queuedJobCount }
}

/// Carries a write block's result from the block (on the writer thread) to its completion (on the
/// finisher thread).
///
/// `@unchecked Sendable`: written by the block and read by the completion, ordered by the finisher's lock.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
