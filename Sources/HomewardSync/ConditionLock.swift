#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex paired with one condition variable, for the few places that must block a thread:
/// worker and reader pools, the group-commit writer, a stream writer waiting for its socket.
///
/// `@unchecked Sendable`: it is itself the lock; the pthread objects are heap-allocated once and
/// never move, and every access to the state they protect goes through `withLock`.
public final class ConditionLock: @unchecked Sendable {
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    @usableFromInline let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// Creates an unlocked lock with no waiters. Timed waits run on the monotonic clock, so that a
    /// change of the wall clock neither cuts a sleep short nor stretches it.
    public init() {
        pthread_mutex_init(mutex, nil)
        #if canImport(Glibc)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        #else
        pthread_cond_init(condition, nil)
        #endif
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    @inlinable
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Sleeps until signalled; only call while holding the lock (inside `withLock`).
    @inlinable
    public func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Sleeps until signalled or until `seconds` have passed; false when the time ran out. Only call
    /// while holding the lock (inside `withLock`); like `wait()`, it may also return early.
    @discardableResult
    public func wait(timeoutSeconds seconds: Double) -> Bool {
        let nanoseconds = Int64(max(0, min(seconds, 1e9)) * 1e9)
        #if canImport(Glibc)
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let total = Int64(deadline.tv_nsec) + nanoseconds % 1_000_000_000
        deadline.tv_sec += Int(nanoseconds / 1_000_000_000 + total / 1_000_000_000)
        deadline.tv_nsec = Int(total % 1_000_000_000)
        return pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
        #else
        var relative = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        return pthread_cond_timedwait_relative_np(condition, mutex, &relative) != ETIMEDOUT
        #endif
    }

    /// Wakes every waiter.
    @inlinable
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// Wakes one waiter.
    @inlinable
    public func signal() {
        pthread_cond_signal(condition)
    }

    /// Sets `flag` under the lock and wakes every waiter; returns whether it was set already (a
    /// thread owner's "closing" flag, so that only the first stop waits for the thread).
    public func setAndWake(_ flag: inout Bool) -> Bool {
        withLock {
            defer {
                flag = true
                broadcast()
            }
            return flag
        }
    }
}
