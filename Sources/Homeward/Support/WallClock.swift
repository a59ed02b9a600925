/// A source of the current wall-clock time, injectable so that time-dependent code is testable
/// without sleeping.
///
/// Named apart from the standard library's `Clock`, which measures monotonic durations: this one
/// tells the time of day, as Unix milliseconds, for expiry times and rate-limit windows.
public protocol WallClock: Sendable {
    /// The current time.
    func now() -> Timestamp
}
