#if canImport(Glibc)
import Glibc
#endif

/// A pthread mutex paired with a condition variable, for the few places that must block a thread.
///
/// `@unchecked Sendable`: the pthread objects are heap-allocated once, never moved, and every
/// access to the state they protect goes through `withLock`.
final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Runs `body` holding the mutex.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits on the condition; call only inside `withLock`.
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every waiting thread.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// Wakes one waiting thread.
    func signal() {
        pthread_cond_signal(condition)
    }
}
