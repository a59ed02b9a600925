#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The operating system's real-time clock.
public struct SystemClock: WallClock {
    /// Creates the system clock.
    public init() {}

    /// The current time, read from `CLOCK_REALTIME` and truncated to whole milliseconds.
    public func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let milliseconds = Int64(time.tv_sec) * Timestamp.millisecondsPerSecond
            + Int64(time.tv_nsec) / Self.nanosecondsPerMillisecond
        return Timestamp(unixMilliseconds: milliseconds)
    }

    private static let nanosecondsPerMillisecond: Int64 = 1_000_000
}
