import Foundation

/// The one way a test waits for what happens on another thread or in another process: a point in
/// time to give up at, and polling until then. Waits are generous (20 s by default), since a loaded
/// CI machine is slow and a condition that already holds returns at once. HomewardHTTPTests and
/// HomewardStoreTests compile this same file (their Support/Deadline.swift links here).
struct Deadline {
    /// When the wait gives up.
    let end: Date

    /// A deadline `seconds` from now.
    init(seconds: TimeInterval = Deadline.defaultSeconds) {
        end = Date(timeIntervalSinceNow: seconds)
    }

    /// How long a wait lasts unless the test says otherwise.
    static let defaultSeconds: TimeInterval = 20
    /// How often a condition is asked again.
    static let pollSeconds: TimeInterval = 0.05

    /// Whether the deadline is behind us.
    var hasPassed: Bool { Date() >= end }

    /// The first non-nil value of `produce`, asked every 50 ms until the deadline; nil if none came.
    static func firstValue<Value>(within seconds: TimeInterval = defaultSeconds, _ produce: () throws -> Value?) rethrows -> Value? {
        let deadline = Deadline(seconds: seconds)
        while true {
            if let value = try produce() { return value }
            if deadline.hasPassed { return nil }
            Thread.sleep(forTimeInterval: pollSeconds)
        }
    }

    /// Whether `condition` came to hold before the deadline, asked every 50 ms.
    @discardableResult
    static func waitUntil(within seconds: TimeInterval = defaultSeconds, _ condition: () throws -> Bool) rethrows -> Bool {
        try firstValue(within: seconds) { try condition() ? true : nil } ?? false
    }

    /// Whether `condition` still held after `seconds`, asked every 50 ms: how a test says that
    /// something does not happen (a request not made, a message not sent) for a while.
    static func holds(for seconds: TimeInterval, _ condition: () throws -> Bool) rethrows -> Bool {
        try firstValue(within: seconds) { try condition() ? nil : false } ?? true
    }

    /// Whether `semaphore` was signalled before the deadline.
    static func signalled(_ semaphore: DispatchSemaphore, within seconds: TimeInterval = defaultSeconds) -> Bool {
        semaphore.wait(timeout: .now() + seconds) == .success
    }
}
