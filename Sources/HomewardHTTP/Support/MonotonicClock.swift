#if canImport(Glibc)
import Glibc
#endif

/// Cheap clock readings for deadlines (monotonic) and the `Date` header (wall clock).
enum MonotonicClock {
    /// Nanoseconds on the monotonic clock.
    static func nowNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Whole seconds since the Unix epoch, from the coarse real-time clock.
    static func wallClockSeconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &time)
        return Int(time.tv_sec)
    }
}
