import HomewardSync

/// The body of a request whose route takes it streamed (`RouteBody.streamed`): the handler reads it
/// part by part on its worker thread while the event loop is still receiving it, so an upload of any
/// size holds at most `maxBufferedBytes` in memory. When the handler has not taken what arrived, the
/// event loop stops reading the socket (TCP then slows the client down) until it has.
///
/// `@unchecked Sendable`: every stored variable is read and written only under `lock`.
public final class HTTPRequestBodyStream: @unchecked Sendable {
    private let lock = ConditionLock()
    private var parts: [[UInt8]] = []
    private var bufferedBytes = 0
    private var isEnded = false
    private var failure: HTTPError?
    private var isAbandoned = false
    private var isLoopWaiting = false
    private var receivedBytes = 0
    private let maxBufferedBytes: Int
    /// Tells the event loop that the handler took bytes and more may be read (nil: nobody waits).
    private let demand: (@Sendable () -> Void)?

    /// A stream the event loop fills; `demand` wakes it when the handler made room.
    init(maxBufferedBytes: Int, demand: @escaping @Sendable () -> Void) {
        self.maxBufferedBytes = max(1, maxBufferedBytes)
        self.demand = demand
    }

    /// A stream that already holds all of `body` (the in-process test client, or a body that arrived
    /// whole).
    public init(complete body: [UInt8]) {
        maxBufferedBytes = max(1, body.count)
        demand = nil
        if !body.isEmpty { parts = [body] }
        bufferedBytes = body.count
        receivedBytes = body.count
        isEnded = true
    }

    /// The next part of the body, blocking until one arrives; nil once the body has ended. Throws the
    /// `HTTPError` that ended it early: malformed framing (400), over the route's limit (413), too
    /// slow (408), or the client gone.
    public func read() throws(HTTPError) -> [UInt8]? {
        let (outcome, wake): (Result<[UInt8]?, HTTPError>, Bool) = lock.withLock {
            while parts.isEmpty && !isEnded && failure == nil { lock.wait() }
            if parts.isEmpty {
                return (failure.map { .failure($0) } ?? .success(nil), false)
            }
            let part = parts.removeFirst()
            bufferedBytes -= part.count
            let wake = isLoopWaiting && bufferedBytes < maxBufferedBytes
            if wake { isLoopWaiting = false }
            return (.success(part), wake)
        }
        if wake { demand?() }
        return try outcome.get()
    }

    /// Bytes of the body received so far (all of it once ended).
    public var bytesReceived: Int { lock.withLock { receivedBytes } }

    /// The handler will read no more (it answered already): what still arrives is dropped.
    public func abandon() {
        lock.withLock {
            isAbandoned = true
            parts = []
            bufferedBytes = 0
        }
    }

    // MARK: The event loop's side

    /// Adds a part; returns whether the stream has room for more now. When it has not, the loop stops
    /// reading and the handler's next `read` wakes it through `demand`.
    func append(_ part: [UInt8]) -> Bool {
        lock.withLock {
            receivedBytes += part.count
            guard !isAbandoned else { return true }
            if !part.isEmpty {
                parts.append(part)
                bufferedBytes += part.count
                lock.broadcast()
            }
            guard bufferedBytes >= maxBufferedBytes else { return true }
            isLoopWaiting = true
            return false
        }
    }

    /// The body is complete.
    func end() {
        lock.withLock {
            isEnded = true
            lock.broadcast()
        }
    }

    /// The body cannot be completed: the handler's next `read` throws `error` (after the parts that
    /// arrived before it).
    func fail(_ error: HTTPError) {
        lock.withLock {
            guard !isEnded, failure == nil else { return }
            failure = error
            lock.broadcast()
        }
    }

    /// Whether the handler gave up on the body.
    var wasAbandoned: Bool { lock.withLock { isAbandoned } }
}
