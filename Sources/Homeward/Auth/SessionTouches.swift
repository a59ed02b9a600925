import Foundation
import HomewardStore
import Synchronization

/// The slides of sessions' expiry (and their accounts' `last_seen_at_ms`) that `Authenticator` notes
/// at most once a minute per session, written together: one write is in flight at a time, and the
/// touches noted while it waits for its commit go in the next one, in one statement per table on
/// PostgreSQL. Sessions that all started together (a node's phones after a restart, a load test's)
/// come due in the same second each minute; written one write block each, they cost a node on
/// PostgreSQL four round trips a session in that second.
///
/// Bookkeeping, not part of any request: nobody waits for it, and a write that fails is not tried
/// again (the next touch, a minute later, is).
final class SessionTouches: Sendable {
    /// One session used at `at`, now expiring at `expiresAt`.
    struct Touch: Sendable, Equatable {
        let sessionID: String
        let account: AccountKey
        let at: Int64
        let expiresAt: Int64
    }

    /// Touches waiting for the next write, at most: 100,000 (as many as sessions remembered); beyond
    /// it new ones are dropped until the write in flight is done.
    static let maxPending = 100_000

    private struct State {
        /// The latest touch of each session waiting to be written.
        var pending: [String: Touch] = [:]
        var isWriting = false
    }

    private let database: any DatabaseWriter
    private let state = Mutex(State())

    /// Touches written through `database`.
    init(database: any DatabaseWriter) {
        self.database = database
    }

    /// Queues `touch`, written with the others noted meanwhile.
    func note(_ touch: Touch) {
        let startsWrite = state.withLock { state -> Bool in
            guard state.pending.count < Self.maxPending || state.pending[touch.sessionID] != nil else { return false }
            state.pending[touch.sessionID] = touch
            guard !state.isWriting else { return false }
            state.isWriting = true
            return true
        }
        if startsWrite { writePending() }
    }

    /// Writes what is pending, then again while touches came in meanwhile.
    private func writePending() {
        let touches = state.withLock { state -> [Touch] in
            defer { state.pending.removeAll(keepingCapacity: true) }
            return Array(state.pending.values)
        }
        database.submitWrite({ db in try AccountStore(db: db).touchSessions(touches) }, completion: { [self] _ in
            let more = state.withLock { state -> Bool in
                if state.pending.isEmpty { state.isWriting = false }
                return state.isWriting
            }
            // Not on the writer's thread, which only hands outcomes on.
            if more { DispatchQueue.global().async { self.writePending() } }
        })
    }
}
