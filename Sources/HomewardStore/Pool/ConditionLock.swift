#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex with one condition variable, for queues whose consumers sleep until there is work.
///
/// `@unchecked Sendable`: it is itself the lock; the pthread objects live at stable heap addresses.
final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Sleeps until signalled; only call while holding the lock (inside `withLock`).
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every waiter.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// Sets `flag` under the lock and wakes every waiter; returns whether it was set already (a
    /// thread owner's "closing" flag, so that only the first stop waits for the thread).
    func setAndWake(_ flag: inout Bool) -> Bool {
        withLock {
            defer {
                flag = true
                broadcast()
            }
            return flag
        }
    }
}
