import Synchronization

/// A clock that only moves when told to, for tests of expiry and rate-limit windows.
public final class ManualClock: WallClock {
    private let current: Mutex<Timestamp>

    /// Creates a clock that reads `start` (by default a fixed moment in November 2026) until it is moved.
    public init(startingAt start: Timestamp = Timestamp(unixMilliseconds: 1_795_000_000_000)) {
        current = Mutex(start)
    }

    /// The time the clock was last set or advanced to.
    public func now() -> Timestamp {
        current.withLock { $0 }
    }

    /// Moves the clock forward (or, with a negative amount, backward) by `milliseconds`.
    public func advance(byMilliseconds milliseconds: Int64) {
        current.withLock { $0 = $0.adding(milliseconds: milliseconds) }
    }

    /// Moves the clock forward (or, with a negative amount, backward) by `seconds`.
    public func advance(bySeconds seconds: Int64) {
        advance(byMilliseconds: seconds * Timestamp.millisecondsPerSecond)
    }

    /// Sets the clock to `time`.
    public func set(to time: Timestamp) {
        current.withLock { $0 = time }
    }
}
