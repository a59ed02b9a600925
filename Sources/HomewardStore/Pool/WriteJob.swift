import Dispatch

/// One caller's write block, waiting in the group-commit queue for its outcome.
///
/// `@unchecked Sendable`: `body` and `failure` are written only by the writer thread before
/// `finished` is signalled and read by the caller only after waiting on it; the semaphore orders
/// the two.
final class WriteJob: @unchecked Sendable {
    /// Released before the caller wakes: the caller's block is only lent to the writer
    /// (`withoutActuallyEscaping`), which traps if anything still holds it when the caller returns.
    private var body: ((Database) throws -> Void)?
    private let finished = DispatchSemaphore(value: 0)
    private var failure: (any Error)?

    init(_ body: @escaping (Database) throws -> Void) {
        self.body = body
    }

    /// Runs the block on the writer's connection; returns what it threw, if anything.
    func run(in database: Database) -> (any Error)? {
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
        finished.signal()
    }

    /// Blocks the caller until the writer finished the job, then rethrows its failure.
    func waitUntilFinished() throws {
        finished.wait()
        if let failure {
            throw failure
        }
    }
}
