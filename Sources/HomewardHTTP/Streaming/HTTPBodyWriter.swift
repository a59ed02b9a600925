import HomewardSync

/// Writes a streamed response body (SSE, large exports) from any thread. Output is framed as chunks
/// (raw for HTTP/1.0) and handed to the connection's event loop.
///
/// `@unchecked Sendable`: every stored variable is read and written only under `lock`.
public final class HTTPBodyWriter: @unchecked Sendable {
    private static let lastChunk = Array("0\r\n\r\n".utf8)

    private let lock = ConditionLock()
    private let mailbox: LoopMailbox
    private let key: ConnectionKey
    private let isChunked: Bool
    private let maxBufferedBytes: Int
    private var pending: [UInt8] = []
    private var socketBacklogBytes = 0
    private var isClosed = false
    private var isFinished = false
    private var isWakeScheduled = false
    private var closeCallbacks: [@Sendable () -> Void] = []
    /// What `write(_:then:)` runs once the client has read enough; nil when nothing waits.
    private var continuation: (@Sendable () -> Void)?
    /// Runs a continuation on a worker thread (the bulk lane's).
    private let resume: @Sendable (@escaping @Sendable () -> Void) -> Void

    init(
        mailbox: LoopMailbox, key: ConnectionKey, isChunked: Bool, maxBufferedBytes: Int,
        resume: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
    ) {
        self.mailbox = mailbox
        self.key = key
        self.isChunked = isChunked
        self.maxBufferedBytes = maxBufferedBytes
        self.resume = resume
    }

    /// Whether bytes can still be written: not finished, and the connection is open.
    public var isOpen: Bool {
        lock.withLock { !isClosed && !isFinished }
    }

    /// Queues `bytes`, first blocking the calling (worker) thread while the connection's unsent
    /// output exceeds the limit. Returns false once the stream is closed or finished.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        let shouldWake: Bool? = lock.withLock {
            while !isClosed && !isFinished && pending.count + socketBacklogBytes > maxBufferedBytes { lock.wait() }
            guard !isClosed && !isFinished else { return nil }
            return append(bytes)
        }
        guard let shouldWake else { return false }
        if shouldWake { mailbox.post(.streamActivity(key)) }
        return true
    }

    /// Queues `bytes` without blocking and without holding the calling thread: `next` runs on a worker
    /// once the unsent output is under the limit (at once if it is already), and never if the
    /// connection closes first. A producer that writes each part this way (an export to a client
    /// that reads slowly, or not at all) holds no thread while it waits.
    public func write(_ bytes: [UInt8], then next: @escaping @Sendable () -> Void) {
        let (shouldWake, runNow): (Bool, Bool) = lock.withLock {
            guard !isClosed && !isFinished else { return (false, false) }
            let shouldWake = append(bytes)
            guard pending.count + socketBacklogBytes > maxBufferedBytes else { return (shouldWake, true) }
            continuation = next
            return (shouldWake, false)
        }
        if shouldWake { mailbox.post(.streamActivity(key)) }
        if runNow { resume(next) }
    }

    /// Queues `bytes` without ever blocking; if the unsent output would exceed the limit, the
    /// connection is closed instead (a client too slow for its event stream). Returns whether queued.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var overflowCallbacks: [@Sendable () -> Void]?
        let shouldWake: Bool? = lock.withLock {
            guard !isClosed && !isFinished else { return nil }
            guard pending.count + socketBacklogBytes + bytes.count <= maxBufferedBytes else {
                overflowCallbacks = markClosed()
                return nil
            }
            return append(bytes)
        }
        for callback in overflowCallbacks ?? [] { callback() }
        guard let shouldWake else { return false }
        if shouldWake { mailbox.post(.streamActivity(key)) }
        return true
    }

    /// Ends the body (the terminating chunk is sent); further writes return false.
    public func finish() {
        let shouldWake: Bool = lock.withLock {
            guard !isClosed && !isFinished else { return false }
            isFinished = true
            lock.broadcast()
            if isChunked { pending.append(contentsOf: Self.lastChunk) }
            return scheduleWake()
        }
        if shouldWake { mailbox.post(.streamActivity(key)) }
    }

    /// Registers `callback` to run once the connection closes (at once if it already has).
    public func onClose(_ callback: @escaping @Sendable () -> Void) {
        let alreadyClosed = lock.withLock {
            if !isClosed { closeCallbacks.append(callback) }
            return isClosed
        }
        if alreadyClosed { callback() }
    }

    /// What the loop takes on `.streamActivity`: new bytes, and whether the stream finished or closed.
    func takePending() -> (bytes: [UInt8], isFinished: Bool, isClosed: Bool) {
        lock.withLock {
            isWakeScheduled = false
            let bytes = pending
            socketBacklogBytes += bytes.count
            pending.removeAll(keepingCapacity: true)
            return (bytes, isFinished, isClosed)
        }
    }

    /// The loop reports how many bytes are still unsent on the socket; blocked writers may proceed.
    func updateSocketBacklog(_ bytes: Int) {
        let ready: (@Sendable () -> Void)? = lock.withLock {
            socketBacklogBytes = bytes
            lock.broadcast()
            guard pending.count + socketBacklogBytes <= maxBufferedBytes, let waiting = continuation else { return nil }
            continuation = nil
            return waiting
        }
        if let ready { resume(ready) }
    }

    /// The loop closes the stream because the connection closed.
    func connectionDidClose() {
        let callbacks = lock.withLock { markClosed() }
        for callback in callbacks { callback() }
    }

    private func append(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return false }
        if isChunked {
            pending.append(contentsOf: String(bytes.count, radix: 16).utf8)
            pending.append(0x0D)
            pending.append(0x0A)
            pending.append(contentsOf: bytes)
            pending.append(0x0D)
            pending.append(0x0A)
        } else {
            pending.append(contentsOf: bytes)
        }
        return scheduleWake()
    }

    private func scheduleWake() -> Bool {
        defer { isWakeScheduled = true }
        return !isWakeScheduled
    }

    private func markClosed() -> [@Sendable () -> Void] {
        guard !isClosed else { return [] }
        isClosed = true
        continuation = nil
        lock.broadcast()
        let callbacks = closeCallbacks
        closeCallbacks = []
        if !isWakeScheduled {
            isWakeScheduled = true
            mailbox.post(.streamActivity(key))
        }
        return callbacks
    }
}
