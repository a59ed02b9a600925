/// One client connection, owned by one event loop and touched only on its thread.
final class Connection {
    /// Where the connection is in its request/response cycle.
    enum Phase {
        /// Waiting for (or parsing) a request.
        case reading
        /// A handler is running; pipelined bytes wait in the buffer.
        case processing
        /// A streamed body is being sent.
        case streaming(HTTPBodyWriter)
        /// The last response is being flushed; then the write side is shut down.
        case closing
        /// The write side is shut; input is drained until EOF so the client reads the answer.
        case draining
    }

    /// Which timeout the deadline enforces.
    enum DeadlineKind {
        case none
        case header
        case body
        case idle
        case lingering
    }

    /// What the access log and metrics need about the request being answered.
    struct CurrentRequest {
        let method: HTTPMethod
        let template: String
        let requestID: String
        let version: HTTPVersion
        var keepAlive: Bool
        let startNanoseconds: UInt64
        var status = 0
        var bodyBytes = 0
    }

    let key: ConnectionKey
    let remoteAddress: String
    var readBuffer: ReadBuffer
    var parser: HTTPRequestParser
    var output: [UInt8] = []
    var outputOffset = 0
    var phase = Phase.reading
    var deadlineKind = DeadlineKind.header
    var deadlineNanoseconds: UInt64
    var lastWriteProgressNanoseconds: UInt64
    var current: CurrentRequest?
    /// Whether the socket may hold input not yet read: set by each readable edge, cleared by a read
    /// that came back short or with EAGAIN (edge-triggered epoll signals only new input).
    var mayRead = false
    /// Whether the peer's half-close was reported: reads go on until they return the end of input.
    var peerClosedInput = false
    /// Whether a send found the socket full and output is still waiting: EPOLLOUT is watched only
    /// then (the write timeout counts from then).
    var isWriteBlocked = false
    /// Whether `readBuffer` is the loop's scratch buffer, lent for one read-and-parse pass.
    var borrowsScratch = false
    /// Whether closing drains input first: after an error the client may still be sending, and
    /// closing with unread input would reset the connection and lose the error response.
    var lingersOnClose = false
    /// The streamed body of the request being handled, while it is still arriving.
    var bodyStream: HTTPRequestBodyStream?
    /// Whether reading the streamed body waits for its handler to take what arrived.
    var isBodyPaused = false

    init(
        key: ConnectionKey, remoteAddress: String, configuration: HTTPServerConfiguration, now: UInt64,
        streamedBodyLimit: (@Sendable (HTTPRequest) -> Int?)? = nil
    ) {
        self.key = key
        self.remoteAddress = remoteAddress
        readBuffer = ReadBuffer(capacity: 0)
        parser = HTTPRequestParser(configuration: configuration, streamedBodyLimit: streamedBodyLimit)
        deadlineNanoseconds = now + Self.nanoseconds(configuration.headerReadTimeoutSeconds)
        lastWriteProgressNanoseconds = now
    }

    /// Whether output is waiting for the socket.
    var hasUnsentOutput: Bool { outputOffset < output.count }

    /// Bytes waiting for the socket.
    var unsentBytes: Int { output.count - outputOffset }

    /// Whether nothing of a next request has arrived.
    var isIdle: Bool {
        if case .reading = phase { return readBuffer.readableBytes == 0 && !parser.isReadingBody && !hasUnsentOutput }
        return false
    }

    /// Arms `kind` to fire `seconds` from `now`.
    func setDeadline(_ kind: DeadlineKind, seconds: Double, now: UInt64) {
        deadlineKind = kind
        deadlineNanoseconds = now + Self.nanoseconds(seconds)
    }

    static func nanoseconds(_ seconds: Double) -> UInt64 {
        UInt64(max(0, seconds) * 1_000_000_000)
    }
}
