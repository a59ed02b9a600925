import Foundation

/// Runs `body(index)` on `count` plain threads at once (not a capped pool), and waits for all.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.start()
    }
    group.wait()
}

/// Waits until `condition` holds, failing after `limitSeconds` so that a broken writer fails the test
/// instead of hanging it.
func waitUntil(limitSeconds: Double = 30, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(limitSeconds)
    while !condition() {
        if Date() > deadline {
            return false
        }
        usleep(1_000)
    }
    return true
}
