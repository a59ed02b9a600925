import CSystemShims
import Dispatch
import Foundation
import HomewardSync

/// The thread that tells write jobs their outcome, in the order the writer decided them, so the
/// writer goes on to its next group while completions run (building an answer, publishing events)
/// and the jobs' captured state is freed. With a `WriteAheadLogSync` it first makes the committed
/// groups durable, once for all that are waiting: no job learns its commit before that.
///
/// `@unchecked Sendable`: `queue` and `isClosing` are guarded by `lock`; a job is handed over only
/// after the writer is done with it.
final class CommitFinisher: @unchecked Sendable {
    /// A job and the error it failed with; `committed` when its work is in a committed group (so its
    /// success waits for the log sync). A job whose own block threw has neither: it keeps its error.
    struct Outcome {
        let job: WriteJob
        let error: (any Error)?
        var committed = false
    }

    private let lock = ConditionLock()
    private var queue: [Outcome] = []
    private var isClosing = false
    private let threadEnded = DispatchSemaphore(value: 0)
    private var thread: Thread?

    /// Finishes jobs as they come, syncing `log` first when given.
    init(log: WriteAheadLogSync?) {
        let thread = Thread { [self] in
            homeward_set_thread_name("homeward-finish")
            var batch: [Outcome] = []
            while take(into: &batch) {
                var syncError: (any Error)?
                // A background job (an import's batch) learns of its commit at once and goes on
                // with its next batch while the log is synced, so the log never holds much that
                // an SOS's sync would have to write; its last, ordinary write waits for a sync.
                for outcome in batch where outcome.job.isBackground {
                    outcome.job.finish(failingWith: outcome.error)
                }
                if let log, batch.contains(where: \.committed) {
                    do {
                        try log.sync()
                    } catch {
                        // Committed, but not known to be durable: the callers hear of a failure and
                        // resend (ingest recognises the duplicates).
                        syncError = error
                    }
                }
                for outcome in batch where !outcome.job.isBackground {
                    outcome.job.finish(failingWith: outcome.committed ? syncError : outcome.error)
                }
                batch.removeAll(keepingCapacity: true)
            }
            threadEnded.signal()
        }
        self.thread = thread
        thread.start()
    }

    /// Whether the calling thread is the finisher (a blocking write from a completion would wait
    /// for this very thread to answer it).
    var isCurrentThread: Bool { Thread.current === thread }

    /// Queues the outcomes of one group, in order.
    func hand(_ outcomes: [Outcome]) {
        guard !outcomes.isEmpty else { return }
        lock.withLock {
            queue.append(contentsOf: outcomes)
            lock.broadcast()
        }
    }

    /// Finishes everything handed so far, then ends the thread and waits for it.
    func drainAndStop() {
        let wasClosing = lock.setAndWake(&isClosing)
        if !wasClosing {
            threadEnded.wait()
        }
    }

    /// Swaps the queued outcomes into `batch`; false once closing and nothing is left.
    private func take(into batch: inout [Outcome]) -> Bool {
        lock.withLock {
            while queue.isEmpty && !isClosing {
                lock.wait()
            }
            guard !queue.isEmpty else { return false }
            swap(&queue, &batch)
            return true
        }
    }
}
