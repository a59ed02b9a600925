import Foundation

/// Calls `start` with a completion and blocks the calling thread until that completion has run once,
/// then returns what it was given: a blocking call made of a callback API (a channel's "send a test",
/// `OutgoingHTTPClient.perform`). Never call it on the thread that runs the completion.
func waitForCompletion<Value: Sendable>(_ start: (@escaping @Sendable (Value) -> Void) -> Void) -> Value {
    let done = DispatchSemaphore(value: 0)
    let box = CompletionBox<Value>()
    start { value in
        box.value = value
        done.signal()
    }
    done.wait()
    return box.value!
}

/// Hands a value from the completing thread to the waiting one.
private final class CompletionBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
