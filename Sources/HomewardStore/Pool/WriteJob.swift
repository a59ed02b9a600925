import Dispatch

/// One caller's write block, waiting in the group-commit queue for its outcome.
///
/// A job either has a caller blocked on `waitUntilFinished()` or a `completion` that the finisher
/// thread calls once the block's group is committed (or failed); the second frees the caller's
/// thread while the commit happens.
///
/// `@unchecked Sendable`: `body` and `failure` are written by the writer thread, then (through the
/// finisher's lock) by the finisher thread before `finished` is signalled (or `completion` called),
/// and read by the caller only after that; the lock and the semaphore order the three.
final class WriteJob: @unchecked Sendable {
    /// Released before the caller wakes: a blocking caller's block is only lent to the writer
    /// (`withoutActuallyEscaping`), which traps if anything still holds it when the caller returns.
    private var body: ((SQLiteDatabase) throws -> Void)?
    private let finished = DispatchSemaphore(value: 0)
    private var failure: (any Error)?
    private let completion: (@Sendable ((any Error)?) -> Void)?
    /// Work nobody waits on (an import's batch): it yields to the ordinary jobs waiting, runs in a
    /// group of its own, and learns of its commit before the log is synced (`writeInBackground`).
    let isBackground: Bool

    /// A job whose caller blocks in `waitUntilFinished()`.
    init(_ body: @escaping (SQLiteDatabase) throws -> Void, isBackground: Bool = false) {
        self.body = body
        completion = nil
        self.isBackground = isBackground
    }

    /// A job whose outcome goes to `completion`, called on the finisher thread: nil after the commit,
    /// or the error that made the block fail.
    init(_ body: @escaping (SQLiteDatabase) throws -> Void, completion: @escaping @Sendable ((any Error)?) -> Void) {
        self.body = body
        self.completion = completion
        isBackground = false
    }

    /// Runs the block on the writer's connection; returns what it threw, if anything.
    func run(in database: SQLiteDatabase) -> (any Error)? {
        defer { body = nil }
        do {
            try body?(database)
            return nil
        } catch {
            failure = error
            return error
        }
    }

    /// Hands the outcome to the caller: success unless the block threw or `error` is given.
    func finish(failingWith error: (any Error)? = nil) {
        if let error {
            failure = error
        }
        body = nil
        if let completion {
            completion(failure)
        } else {
            finished.signal()
        }
    }

    /// Blocks the caller until the writer finished the job, then rethrows its failure.
    func waitUntilFinished() throws {
        finished.wait()
        if let failure {
            throw failure
        }
    }
}
