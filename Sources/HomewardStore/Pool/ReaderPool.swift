import HomewardSync

/// Read-only connections, opened on demand up to a limit and checked out one per read.
///
/// `@unchecked Sendable`: all mutable state is guarded by `lock`; a checked-out connection is used
/// by exactly one thread until it is checked back in.
final class ReaderPool: @unchecked Sendable {
    private let path: String
    private let configuration: DatabaseConfiguration
    private let lock = ConditionLock()
    private var idle: [SQLiteDatabase] = []
    private var openCount = 0
    private var checkedOutCount = 0
    private var isClosed = false

    init(path: String, configuration: DatabaseConfiguration) {
        self.path = path
        self.configuration = configuration
    }

    /// Runs `body` with a reader, waiting for one when all are busy.
    func withReader<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
        let reader = try checkOut()
        defer { checkIn(reader) }
        return try body(reader)
    }

    /// Waits until every checked-out reader is back, then closes them all; later reads throw.
    func close() {
        let readers = lock.withLock {
            isClosed = true
            lock.broadcast()
            while checkedOutCount > 0 {
                lock.wait()
            }
            defer { idle.removeAll() }
            return idle
        }
        for reader in readers {
            reader.close()
        }
    }

    private func checkOut() throws -> SQLiteDatabase {
        // Either an idle reader, or nil when this thread may open a new one.
        let reusable: SQLiteDatabase? = try lock.withLock {
            while true {
                guard !isClosed else {
                    throw DatabaseError.misuse("the database is closed")
                }
                if let reader = idle.popLast() {
                    checkedOutCount += 1
                    return reader
                }
                if openCount < max(1, configuration.maxReaderCount) {
                    openCount += 1
                    checkedOutCount += 1
                    return nil
                }
                lock.wait()
            }
        }
        if let reusable {
            return reusable
        }
        do {
            return try SQLiteDatabase(path: path, access: .readOnly, configuration: configuration)
        } catch {
            lock.withLock {
                openCount -= 1
                checkedOutCount -= 1
                lock.broadcast()
            }
            throw error
        }
    }

    private func checkIn(_ reader: SQLiteDatabase) {
        lock.withLock {
            idle.append(reader)
            checkedOutCount -= 1
            lock.broadcast()
        }
    }
}
