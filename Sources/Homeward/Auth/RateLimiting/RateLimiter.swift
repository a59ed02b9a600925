import Synchronization

/// Counts failed attempts per key (a phone, a client address, an account) under named policies and
/// refuses attempts once a key has had too many failures within the policy's sliding window.
///
/// One instance serves every endpoint. It lives in memory, guarded by a mutex, and its size is
/// bounded: entries whose failures have all left their window are purged every
/// `purgeIntervalFailures` failures, and when the table is full the entries with the oldest latest
/// failure are evicted, a batch at a time. Time comes from an injected clock.
///
/// Use: `check` before the attempt (429 when limited), `recordFailure` when it fails, `reset` when
/// it succeeds.
public final class RateLimiter: Sendable {
    /// Keys tracked by default across all policies.
    public static let defaultMaxTrackedKeys = 100_000
    /// Failures recorded between two sweeps for expired entries.
    public static let purgeIntervalFailures = 1024
    /// Share of a full table evicted at once, in percent, so eviction's cost is amortised.
    public static let overflowEvictionPercent = 12

    /// The most keys tracked at once, across all policies.
    public let maxTrackedKeys: Int
    private let clock: any WallClock
    private let state = Mutex(State())

    /// Creates an empty limiter reading time from `clock`.
    public init(clock: any WallClock = SystemClock(), maxTrackedKeys: Int = RateLimiter.defaultMaxTrackedKeys) {
        precondition(maxTrackedKeys > 0, "a rate limiter must be able to track at least one key")
        self.clock = clock
        self.maxTrackedKeys = maxTrackedKeys
    }

    /// Whether an attempt for `key` may go ahead under `policy` now.
    public func check(_ key: String, under policy: RateLimitPolicy) -> RateLimitDecision {
        let now = clock.now().unixMilliseconds
        let entryKey = EntryKey(policy: policy.name, subject: key)
        return state.withLock { state in
            guard var entry = state.entries[entryKey] else { return .allowed }
            entry.dropFailures(before: now - entry.windowMilliseconds)
            guard !entry.failureTimes.isEmpty else {
                state.entries[entryKey] = nil
                return .allowed
            }
            state.entries[entryKey] = entry
            return entry.decision(maxFailures: policy.maxFailures, now: now)
        }
    }

    /// Records a failed attempt for `key` under `policy`; answers whether the next attempt may go ahead.
    @discardableResult
    public func recordFailure(_ key: String, under policy: RateLimitPolicy) -> RateLimitDecision {
        let now = clock.now().unixMilliseconds
        let entryKey = EntryKey(policy: policy.name, subject: key)
        let windowMilliseconds = Int64(policy.windowSeconds) * Timestamp.millisecondsPerSecond
        return state.withLock { state in
            state.failuresSincePurge += 1
            if state.failuresSincePurge >= Self.purgeIntervalFailures {
                state.purgeExpired(now: now)
            }
            if state.entries[entryKey] == nil, state.entries.count >= maxTrackedKeys {
                state.purgeExpired(now: now)
                if state.entries.count >= maxTrackedKeys {
                    state.evictOldest(count: max(1, maxTrackedKeys * Self.overflowEvictionPercent / 100))
                }
            }
            var entry = state.entries[entryKey] ?? Entry(windowMilliseconds: windowMilliseconds)
            entry.failureTimes.append(now)
            entry.dropFailures(before: now - windowMilliseconds)
            if entry.failureTimes.count > policy.maxFailures {
                entry.failureTimes.removeFirst(entry.failureTimes.count - policy.maxFailures)
            }
            state.entries[entryKey] = entry
            return entry.decision(maxFailures: policy.maxFailures, now: now)
        }
    }

    /// Forgets the failures of `key` under `policy`, e.g. after a successful login.
    public func reset(_ key: String, under policy: RateLimitPolicy) {
        let entryKey = EntryKey(policy: policy.name, subject: key)
        state.withLock { state in
            state.entries[entryKey] = nil
        }
    }

    /// The number of keys tracked now, across all policies.
    public var trackedKeyCount: Int {
        state.withLock { $0.entries.count }
    }

    private struct EntryKey: Hashable {
        let policy: String
        let subject: String
    }

    private struct Entry {
        /// Times of the most recent failures within the window, oldest first, at most the policy's
        /// `maxFailures` of them: older ones cannot decide anything.
        var failureTimes: [Int64] = []
        let windowMilliseconds: Int64

        init(windowMilliseconds: Int64) {
            self.windowMilliseconds = windowMilliseconds
        }

        mutating func dropFailures(before cutoff: Int64) {
            if let firstKept = failureTimes.firstIndex(where: { $0 > cutoff }) {
                failureTimes.removeFirst(firstKept)
            } else {
                failureTimes.removeAll()
            }
        }

        /// Limited while `maxFailures` failures lie within the window; free again when the oldest
        /// of them leaves it. A clock stepped backwards never makes the wait longer than a window.
        func decision(maxFailures: Int, now: Int64) -> RateLimitDecision {
            guard failureTimes.count >= maxFailures else { return .allowed }
            let freeAt = failureTimes[failureTimes.count - maxFailures] + windowMilliseconds
            let waitMilliseconds = min(max(freeAt - now, 1), windowMilliseconds)
            let waitSeconds = (waitMilliseconds + Timestamp.millisecondsPerSecond - 1) / Timestamp.millisecondsPerSecond
            return .limited(retryAfterSeconds: Int(waitSeconds))
        }
    }

    private struct State {
        var entries: [EntryKey: Entry] = [:]
        var failuresSincePurge = 0

        mutating func purgeExpired(now: Int64) {
            failuresSincePurge = 0
            entries = entries.filter { _, entry in
                entry.failureTimes.last.map { $0 > now - entry.windowMilliseconds } ?? false
            }
        }

        mutating func evictOldest(count: Int) {
            let oldest = entries
                .map { key, entry in (key, entry.failureTimes.last ?? .min) }
                .sorted { $0.1 < $1.1 }
                .prefix(count)
            for (key, _) in oldest {
                entries[key] = nil
            }
        }
    }
}
