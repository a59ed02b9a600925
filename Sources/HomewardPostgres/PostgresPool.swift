import HomewardStore
import HomewardSync

/// The limits of a `PostgresPool`, each named, with its default.
public struct PostgresPoolLimits: Sendable, Equatable {
    /// At most this many connections open at once (PostgreSQL's own `max_connections` is 100 by
    /// default, shared by every node): 10.
    public var maxConnections = 10
    /// A caller waits at most this long for a free connection before the pool says it is exhausted: 5 s.
    public var acquireTimeoutSeconds = 5.0
    /// A write block that lost a serialization race with another node's (SQLSTATE 40001 or 40P01)
    /// runs again, at most this many times in all: 8.
    public var maxWriteAttempts = 8
    /// A node's writer commits at most this many write blocks in one transaction: 64.
    public var maxGroupBlocks = 64
    /// A group that lost this many races in a row runs alone next (`tablesLockedToRunAlone`): 3.
    public var runAloneAfterLostRaces = 3
    /// The tables a group that runs alone locks first (`EXCLUSIVE`: others' reads go on, their
    /// writes to these tables wait), before its snapshot is taken, so that no other node's writer
    /// that writes them overlaps it and it cannot lose the race again. Empty: never alone. The
    /// server names the table every fix is written to.
    public var tablesLockedToRunAlone: [String] = []

    /// The defaults.
    public init() {}
}

/// A bounded pool of connections to one PostgreSQL database: a block borrows one connection, and a
/// connection that failed (the server restarted, the socket broke) is dropped instead of returned,
/// so the next caller gets a new one.
///
/// As a `DatabaseWriter` it runs each read in a read-only REPEATABLE READ transaction (one
/// snapshot, as an SQLite read) and each write in a SERIALIZABLE one, so that writes from every
/// node behave as if they ran one after another, as SQLite's single writer does: the stores' checks
/// ("is this fix new?", "is an alert already open?") stay true across nodes. A write that loses such
/// a race is rolled back, its hooks undone, and run again.
public final class PostgresPool: DatabaseWriter, @unchecked Sendable {
    // @unchecked Sendable: every mutable field is guarded by `condition`.
    private let url: String
    /// The pool's limits.
    public let limits: PostgresPoolLimits
    private let condition = ConditionLock()
    private var idle: [PostgresConnection] = []
    private var openCount = 0
    private var isClosed = false
    /// The node's one writing connection, which commits write blocks in groups.
    private let writer: PostgresGroupWriter

    /// A pool for `url` (a libpq connection URL). Connects once at once, so a wrong URL or a server
    /// that is down fails here rather than on the first request.
    public init(url: String, limits: PostgresPoolLimits = .init()) throws {
        precondition(limits.maxConnections > 0, "a pool needs at least one connection")
        self.url = url
        self.limits = limits
        idle = [try PostgresConnection(url: url)]
        openCount = 1
        writer = PostgresGroupWriter(url: url, limits: limits)
    }

    /// Runs `block` in a read-only transaction that sees one snapshot.
    public func read<Result>(_ block: (any Database) throws -> Result) throws -> Result {
        try withConnection { connection in
            try connection.inTransaction(isolation: .repeatableRead, readOnly: true) { try block(connection) }
        }
    }

    /// Runs `block` on the node's writer, in a serializable transaction shared with the other
    /// blocks queued meanwhile (run again if that transaction loses a race with another node, at
    /// most `maxWriteAttempts` times); its changes are committed when `write` returns. Never call it
    /// from inside a write block.
    public func write<Result>(_ block: (any Database) throws -> Result) throws -> Result {
        guard !writer.isCurrentThread else {
            throw PostgresError(sqlState: "25000", message: "write called from inside a write block would wait for itself")
        }
        return try withoutActuallyEscaping(block) { block in
            // Safe to let the block escape into the queue: this thread waits until the writer ran it.
            let outcome = PostgresWriteOutcome<Result>()
            writer.enqueue({ database in outcome.value = try block(database) }, finish: { error in outcome.finish(error) })
            return try outcome.wait()
        }
    }

    /// Queues `block` for the node's writer and returns at once; `completion` gets its result once
    /// its group committed, or the error that failed it, on the writer's thread.
    public func submitWrite<Result>(
        _ block: @escaping @Sendable (any Database) throws -> Result,
        completion: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
    ) {
        let outcome = PostgresWriteOutcome<Result>()
        writer.enqueue({ database in outcome.value = try block(database) }, finish: { error in
            completion(outcome.result(failing: error))
        })
    }

    /// Queues `block` for the node's writer, which reads what the group's blocks need of the
    /// accounts `subjects` at once (`prepareGroups(_:)`) before running it; as `submitWrite(_:completion:)`.
    public func submitWrite<Result>(
        touching subjects: [Int64],
        _ block: @escaping @Sendable (any Database) throws -> Result,
        completion: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void
    ) {
        let outcome = PostgresWriteOutcome<Result>()
        writer.enqueue({ database in outcome.value = try block(database) }, subjects: subjects, finish: { error in
            completion(outcome.result(failing: error))
        })
    }

    /// How many group commits the writer made (for metrics).
    public var commitCount: Int { writer.commitCount.load(ordering: .relaxed) }

    /// How many write blocks the writer committed (divided by `commitCount`: the mean group size).
    public var committedWriteCount: Int { writer.committedBlockCount.load(ordering: .relaxed) }

    /// How many times a group ran again after losing a race with another node's write (for metrics).
    public var lostRaceCount: Int { writer.lostRaceCount.load(ordering: .relaxed) }

    /// Runs `prepare` in each group's transaction before its blocks, with the subjects they named.
    public func prepareGroups(_ prepare: @escaping @Sendable (any Database, [Int64]) throws -> Void) {
        writer.prepareGroups(prepare)
    }

    /// How many connections are open (idle or lent).
    public var openConnections: Int { condition.withLock { openCount } }

    /// Runs `body` with a connection of its own, waiting up to `acquireTimeoutSeconds` for one.
    public func withConnection<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
        let connection = try acquire()
        do {
            let result = try body(connection)
            release(connection, broken: !connection.isConnected)
            return result
        } catch let error as PostgresError {
            release(connection, broken: error.isConnectionFailure || !connection.isConnected)
            throw error
        } catch {
            release(connection, broken: !connection.isConnected)
            throw error
        }
    }

    /// Throws unless the server answers `SELECT 1`.
    public func ping() throws {
        try withConnection { connection in _ = try connection.fetchOne("SELECT 1") as Int? }
    }

    /// Closes every idle connection and refuses new borrowers; lent connections close when returned.
    public func close() {
        condition.withLock {
            isClosed = true
            openCount -= idle.count
            idle.removeAll()
            condition.broadcast()
        }
        writer.close()
    }

    private func acquire() throws -> PostgresConnection {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(limits.acquireTimeoutSeconds))
        while true {
            enum Step { case lend(PostgresConnection), open, wait, closed, exhausted }
            let step = condition.withLock { () -> Step in
                if isClosed { return .closed }
                if let connection = idle.popLast() { return .lend(connection) }
                if openCount < limits.maxConnections {
                    openCount += 1
                    return .open
                }
                let remaining = clock.now.duration(to: deadline)
                guard remaining > .zero else { return .exhausted }
                let components = remaining.components
                condition.wait(timeoutSeconds: Double(components.seconds) + Double(components.attoseconds) / 1e18)
                return .wait
            }
            switch step {
            case .lend(let connection):
                return connection
            case .open:
                do {
                    return try PostgresConnection(url: url)
                } catch {
                    condition.withLock {
                        openCount -= 1
                        condition.signal()
                    }
                    throw error
                }
            case .wait:
                continue
            case .closed:
                throw PostgresError(sqlState: "08003", message: "the connection pool is closed")
            case .exhausted:
                throw PostgresError(
                    sqlState: "53300",
                    message: "all \(limits.maxConnections) connections stayed busy for \(limits.acquireTimeoutSeconds) s")
            }
        }
    }

    private func release(_ connection: PostgresConnection, broken: Bool) {
        condition.withLock {
            if broken || isClosed {
                openCount -= 1
            } else {
                idle.append(connection)
            }
            condition.signal()
        }
    }
}
