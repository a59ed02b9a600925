import CSystemShims
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// One I/O thread: an epoll instance, a listener, its connections and a mailbox. It only moves
/// bytes, parses, runs inline routes, and hands `.worker` routes to the pool; it never blocks.
///
/// Connections are registered edge-triggered for input and the peer's half-close, and stay so: a
/// connection remembers whether its socket may hold unread bytes (`mayRead`, cleared when a read comes
/// back short) and the loop reads only while it wants a request. Output is watched only while a
/// send found the socket full. So a usual request costs no `epoll_ctl` call, however long it waits
/// for a handler.
final class EventLoop {
    private static let listenerTag = UInt64.max
    private static let mailboxTag = UInt64.max - 1
    private static let maxEventsPerWait = 256
    private static let controlAdd: Int32 = 1
    private static let controlDelete: Int32 = 2
    private static let controlModify: Int32 = 3
    /// What every connection is registered for.
    private static let connectionEvents = homeward_EPOLLIN | homeward_EPOLLRDHUP | homeward_EPOLLET
    /// What a connection whose socket is full is registered for.
    private static let blockedConnectionEvents = connectionEvents | homeward_EPOLLOUT
    private static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    private static let overloadedResponse = Array(
        ("HTTP/1.1 503 Service Unavailable\r\nServer: homeward\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: 73\r\nConnection: close\r\n\r\n"
            + "{\"error\":{\"code\":\"unavailable\",\"message\":\"Too many open connections.\"}}").utf8
    )
    private static let unparsedMethod = HTTPMethod("-")

    private let context: ServerContext
    private let configuration: HTTPServerConfiguration
    private let mailbox: LoopMailbox
    /// The 503 answered at once when the worker queue is full.
    private let queueFullError: HTTPError
    private let epoll: Int32
    private var listener: Int32
    private var connections: [Connection?] = []
    private var openConnections = 0
    private var nextGeneration: UInt32 = 0
    private var date = HTTPDate()
    private var isStopping = false
    private var forceCloseNanoseconds = UInt64.max
    private var nextSweepNanoseconds: UInt64 = 0
    /// The buffer reads land in; a connection keeps it only while it holds unconsumed bytes, so an
    /// idle connection costs no read buffer (see `lendScratch` and `returnScratch`).
    private var scratchBuffer: ReadBuffer
    private var readyTags = [UInt64](repeating: 0, count: EventLoop.maxEventsPerWait)
    private var readyEvents = [UInt32](repeating: 0, count: EventLoop.maxEventsPerWait)
    /// Whether a request's body is streamed to its route, and up to how many bytes (the router's answer).
    private let streamedBodyLimit: @Sendable (HTTPRequest) -> Int?

    init(context: ServerContext, listener: Int32, mailbox: LoopMailbox) {
        self.context = context
        configuration = context.configuration
        self.listener = listener
        self.mailbox = mailbox
        queueFullError = HTTPError(
            status: .serviceUnavailable, code: "unavailable", message: "The server is busy; retry shortly.",
            headers: ["Retry-After": String(context.configuration.queueFullRetryAfterSeconds)]
        )
        scratchBuffer = ReadBuffer(capacity: context.configuration.readChunkBytes)
        let router = context.responder.router
        streamedBodyLimit = { request in router.streamedBodyLimit(of: request) }
        epoll = homeward_epoll_create()
        precondition(epoll >= 0, "epoll_create failed: \(errno)")
        _ = homeward_epoll_ctl(epoll, Self.controlAdd, listener, homeward_EPOLLIN, Self.listenerTag)
        _ = homeward_epoll_ctl(epoll, Self.controlAdd, mailbox.wakeDescriptor, homeward_EPOLLIN, Self.mailboxTag)
        date.refresh()
    }

    /// Serves until shutdown has closed every connection.
    func run() {
        let sweepInterval = UInt64(configuration.timerSweepIntervalMilliseconds) * 1_000_000
        while !(isStopping && openConnections == 0) {
            let count = readyTags.withUnsafeMutableBufferPointer { tags in
                readyEvents.withUnsafeMutableBufferPointer { events in
                    homeward_epoll_wait(epoll, tags.baseAddress, events.baseAddress, Int32(Self.maxEventsPerWait),
                                        Int32(configuration.timerSweepIntervalMilliseconds))
                }
            }
            date.refresh()
            for index in 0..<max(0, Int(count)) {
                handle(tag: readyTags[index], events: readyEvents[index])
            }
            let now = MonotonicClock.nowNanoseconds()
            if now >= nextSweepNanoseconds {
                sweep(now: now)
                nextSweepNanoseconds = now + sweepInterval
            }
        }
        closeListener()
        close(epoll)
    }

    private func handle(tag: UInt64, events: UInt32) {
        switch tag {
        case Self.listenerTag:
            acceptConnections()
        case Self.mailboxTag:
            for message in mailbox.takeAll() { receive(message) }
        default:
            let descriptor = Int(tag)
            guard descriptor < connections.count, let connection = connections[descriptor] else { return }
            if events & (homeward_EPOLLERR | homeward_EPOLLHUP) != 0 {
                closeConnection(connection)
                return
            }
            if events & homeward_EPOLLOUT != 0 && connection.hasUnsentOutput {
                handleWritable(connection)
            }
            guard connections[descriptor] === connection else { return }
            if events & (homeward_EPOLLIN | homeward_EPOLLRDHUP) != 0 {
                connection.mayRead = true
                if events & homeward_EPOLLRDHUP != 0 { connection.peerClosedInput = true }
                handleReadable(connection)
            }
        }
    }

    // MARK: - Accepting

    private func acceptConnections() {
        guard listener >= 0 else { return }
        for _ in 0..<configuration.maxAcceptsPerWakeup {
            guard let (descriptor, remoteAddress) = Socket.accept(from: listener) else { return }
            guard context.connectionCount.load(ordering: .relaxed) < configuration.maxConnections else {
                _ = Self.overloadedResponse.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(descriptor)
                continue
            }
            context.connectionCount.add(1, ordering: .relaxed)
            context.metrics.connectionOpened()
            openConnections += 1
            nextGeneration &+= 1
            let connection = Connection(
                key: ConnectionKey(descriptor: descriptor, generation: nextGeneration), remoteAddress: remoteAddress,
                configuration: configuration, now: MonotonicClock.nowNanoseconds(), streamedBodyLimit: streamedBodyLimit
            )
            let index = Int(descriptor)
            if index >= connections.count {
                connections.append(contentsOf: repeatElement(nil, count: max(index + 1 - connections.count, connections.count)))
            }
            connections[index] = connection
            _ = homeward_epoll_ctl(epoll, Self.controlAdd, descriptor, Self.connectionEvents, UInt64(index))
        }
    }

    // MARK: - Reading

    /// What one `read` gave.
    private enum ReadOutcome {
        /// Bytes arrived (or the call was interrupted): parse and maybe read again.
        case read
        /// Nothing is left in the socket; the next edge says when there is.
        case exhausted
        /// The connection was closed (end of input or an error).
        case closed
    }

    /// Input may be waiting (the socket signalled readable or half-closed): read it if the connection
    /// wants it now; otherwise `mayRead` keeps it for when the connection does. A stream's client that
    /// closed its side has gone: the stream ends.
    private func handleReadable(_ connection: Connection) {
        switch connection.phase {
        case .reading:
            processInput(connection)
        case .draining:
            drainInput(connection)
        case .processing where connection.bodyStream != nil && !connection.isBodyPaused:
            pumpBody(connection)
        case .streaming where connection.peerClosedInput:
            closeConnection(connection)
        case .processing, .streaming, .closing:
            break
        }
    }

    /// Reads once into the connection's buffer, lending it the scratch buffer if it holds no bytes.
    private func readChunk(_ connection: Connection) -> ReadOutcome {
        lendScratch(connection)
        connection.readBuffer.reserveWritableBytes(configuration.readChunkBytes)
        var requested = 0
        let received = connection.readBuffer.writeWithUnsafeMutableBytes { free in
            requested = free.count
            return read(connection.key.descriptor, free.baseAddress, free.count)
        }
        if received == 0 {
            closeConnection(connection)
            return .closed
        }
        if received < 0 {
            switch errno {
            case EINTR:
                return .read
            case EAGAIN, EWOULDBLOCK:
                connection.mayRead = false
                return .exhausted
            default:
                closeConnection(connection)
                return .closed
            }
        }
        // A short read emptied the socket; anything arriving later raises a new edge. Not so the end
        // of input reported with the data's edge: the read after the data returns it.
        if received < requested && !connection.peerClosedInput { connection.mayRead = false }
        context.metrics.addReceivedBytes(received)
        if connection.deadlineKind == .idle, case .reading = connection.phase {
            connection.setDeadline(.header, seconds: configuration.headerReadTimeoutSeconds, now: MonotonicClock.nowNanoseconds())
        }
        return .read
    }

    /// Gives a connection without unconsumed bytes the loop's scratch buffer to read into.
    private func lendScratch(_ connection: Connection) {
        guard !connection.borrowsScratch && connection.readBuffer.readableBytes == 0 else { return }
        swap(&connection.readBuffer, &scratchBuffer)
        connection.borrowsScratch = true
    }

    /// Takes the scratch buffer back once the connection consumed its bytes; a connection left with
    /// bytes keeps it, and the loop makes itself a new one.
    private func returnScratch(_ connection: Connection) {
        guard connection.borrowsScratch else { return }
        connection.borrowsScratch = false
        if connection.readBuffer.readableBytes == 0 {
            swap(&connection.readBuffer, &scratchBuffer)
        } else {
            scratchBuffer = ReadBuffer(capacity: configuration.readChunkBytes)
        }
    }

    /// Parses buffered bytes and starts the next request, one at a time, reading more while the
    /// socket may hold some and the connection is between requests with nothing left to send.
    private func processInput(_ connection: Connection) {
        parsing: while case .reading = connection.phase, !connection.hasUnsentOutput {
            guard let event = connection.parser.parse(&connection.readBuffer) else {
                if connection.mayRead {
                    switch readChunk(connection) {
                    case .read: continue parsing
                    case .exhausted: break
                    case .closed: return
                    }
                }
                let now = MonotonicClock.nowNanoseconds()
                if connection.parser.isReadingBody {
                    if connection.deadlineKind != .body {
                        connection.setDeadline(.body, seconds: configuration.bodyReadTimeoutSeconds, now: now)
                    }
                } else if connection.readBuffer.readableBytes > 0 && connection.deadlineKind != .header {
                    connection.setDeadline(.header, seconds: configuration.headerReadTimeoutSeconds, now: now)
                }
                break parsing
            }
            switch event {
            case .continueExpected:
                connection.output.append(contentsOf: Self.continueResponse)
                guard flush(connection) else { return }
            case .failure(let error):
                respond(to: connection, withError: error)
                return
            case .request(var request):
                guard connection.parser.isStreamingBody else {
                    dispatch(request, on: connection)
                    continue parsing
                }
                let key = connection.key
                let mailbox = mailbox
                let stream = HTTPRequestBodyStream(maxBufferedBytes: configuration.maxStreamBufferBytes) {
                    mailbox.post(.bodyDemand(key))
                }
                request.bodyStream = stream
                connection.bodyStream = stream
                connection.isBodyPaused = false
                dispatch(request, on: connection)
                guard connections[Int(connection.key.descriptor)] === connection else { return }
                if connection.bodyStream != nil { pumpBody(connection) }
                break parsing
            case .bodyPart:
                // Only a streamed body has parts, and `pumpBody` takes those.
                break parsing
            }
        }
        if connections[Int(connection.key.descriptor)] === connection { returnScratch(connection) }
    }

    /// Reads a streamed request body and hands it to its handler's stream, part by part, while the
    /// stream has room; when it has none, reading waits for the handler (`LoopMessage.bodyDemand`).
    /// The body timeout counts from the last byte that arrived, so a long upload that keeps coming is
    /// never cut off.
    private func pumpBody(_ connection: Connection) {
        pumping: while let stream = connection.bodyStream, !connection.isBodyPaused {
            guard let event = connection.parser.parse(&connection.readBuffer) else {
                if connection.mayRead {
                    switch readChunk(connection) {
                    case .read: continue pumping
                    case .exhausted: break
                    case .closed: return
                    }
                }
                if connection.deadlineKind != .body {
                    connection.setDeadline(.body, seconds: configuration.bodyReadTimeoutSeconds, now: MonotonicClock.nowNanoseconds())
                }
                break pumping
            }
            switch event {
            case .continueExpected:
                connection.output.append(contentsOf: Self.continueResponse)
                guard flush(connection) else { return }
            case .bodyPart(let bytes, let isLast):
                let hasRoom = stream.append(bytes)
                connection.deadlineKind = .none
                if isLast {
                    stream.end()
                    connection.bodyStream = nil
                } else if !hasRoom {
                    connection.isBodyPaused = true
                }
            case .failure(let error):
                abandonBody(of: connection, failing: error)
            case .request:
                break pumping
            }
        }
        if connections[Int(connection.key.descriptor)] === connection { returnScratch(connection) }
    }

    /// Ends the streamed body of `connection` early: its handler reads `error` (when given), and the
    /// connection closes after the response, draining what the client still sends.
    private func abandonBody(of connection: Connection, failing error: HTTPError?) {
        guard let stream = connection.bodyStream else { return }
        if let error { stream.fail(error) } else { stream.abandon() }
        connection.bodyStream = nil
        connection.isBodyPaused = false
        connection.deadlineKind = .none
        connection.lingersOnClose = true
        connection.current?.keepAlive = false
    }

    /// Reads and drops input until the socket is empty or the peer closes (lingering close).
    private func drainInput(_ connection: Connection) {
        while connection.mayRead, case .draining = connection.phase {
            switch readChunk(connection) {
            case .read: connection.readBuffer.consume(connection.readBuffer.readableBytes)
            case .exhausted: break
            case .closed: return
            }
        }
        returnScratch(connection)
    }

    private func dispatch(_ request: HTTPRequest, on connection: Connection) {
        let responder = context.responder
        let resolution = responder.resolve(request)
        let template: String
        let placement: RoutePlacement
        switch resolution {
        case .matched(let route, _):
            template = route.template
            placement = route.execution.placement(of: request)
        case .failed(_, let failedTemplate):
            template = failedTemplate
            placement = .loop(admission: nil)
        }
        let requestID = RequestIdentifier.make(from: request.headers["X-Request-Id"])
        connection.current = Connection.CurrentRequest(
            method: request.method, template: template, requestID: requestID, version: request.version,
            keepAlive: request.keepAlive, startNanoseconds: MonotonicClock.nowNanoseconds()
        )
        connection.phase = .processing
        connection.deadlineKind = .none
        let remoteAddress = connection.remoteAddress
        switch placement {
        case .worker(let lane):
            let key = connection.key
            let mailbox = mailbox
            let isQueued = context.pool(for: lane).submitIfRoom {
                responder.respond(to: request, resolution: resolution, requestID: requestID, remoteAddress: remoteAddress) { response in
                    mailbox.post(.response(key, response))
                }
            }
            guard isQueued else {
                var response = queueFullError.response
                response.headers.replaceOrAdd(name: "X-Request-Id", value: requestID)
                complete(connection, with: response)
                return
            }
        case .loop(let admission):
            // A deferred response completes later on another thread and comes back by the mailbox;
            // one that is ready before `respond` returns is answered here at once.
            let key = connection.key
            let mailbox = mailbox
            let outcome = InlineOutcome()
            responder.respond(
                to: request, resolution: resolution, requestID: requestID, remoteAddress: remoteAddress, admission: admission
            ) { response in
                if !outcome.keep(response) { mailbox.post(.response(key, response)) }
            }
            if let response = outcome.takeIfReady() { complete(connection, with: response) }
        }
    }

    private func respond(to connection: Connection, withError error: HTTPError) {
        connection.current = Connection.CurrentRequest(
            method: Self.unparsedMethod, template: "unparsed", requestID: RequestIdentifier.make(from: nil),
            version: .http1_1, keepAlive: false, startNanoseconds: MonotonicClock.nowNanoseconds()
        )
        connection.lingersOnClose = true
        var response = error.response
        response.headers.replaceOrAdd(name: "X-Request-Id", value: connection.current?.requestID ?? "")
        complete(connection, with: response)
    }

    // MARK: - Responding

    private func complete(_ connection: Connection, with response: HTTPResponse) {
        // Answered before its streamed body ended: the rest is not read, and the connection closes.
        abandonBody(of: connection, failing: nil)
        guard var current = connection.current else { return }
        let omitBody = current.method == .head
        current.keepAlive = current.keepAlive && !isStopping
        if case .stream = response.body, current.version == .http1_0 { current.keepAlive = false }
        current.status = response.status.code
        current.bodyBytes = ResponseEncoder.encode(
            response, version: current.version, keepAlive: current.keepAlive, omitBody: omitBody,
            dateLine: date.headerLine, into: &connection.output
        )
        connection.current = current
        if case .stream(let produce) = response.body, !omitBody, !response.status.forbidsBody {
            let bulk = context.bulk
            let writer = HTTPBodyWriter(
                mailbox: mailbox, key: connection.key, isChunked: current.version == .http1_1,
                maxBufferedBytes: configuration.maxStreamBufferBytes, resume: { bulk.submit($0) }
            )
            connection.phase = .streaming(writer)
            // A body producer may wait on a slow reader: the bulk lane's threads take that wait.
            context.bulk.submit { produce(writer) }
            guard flush(connection) else { return }
            // Input signalled while the handler ran (a client that closed its side) raises no new
            // edge: the stream takes it up as it begins, as the other phases do when they start.
            if connection.mayRead { handleReadable(connection) }
            return
        }
        finishRequest(on: connection)
    }

    private func finishRequest(on connection: Connection) {
        guard let current = connection.current else { return }
        let now = MonotonicClock.nowNanoseconds()
        let durationSeconds = Double(now - current.startNanoseconds) / 1_000_000_000
        context.metrics.recordRequest(method: current.method, template: current.template, status: current.status, durationSeconds: durationSeconds)
        context.logger.info("\(current.method) \(current.template) \(current.status) \(current.bodyBytes)B \(Int(durationSeconds * 1_000_000))us", metadata: [
            "request-id": "\(current.requestID)",
        ])
        connection.current = nil
        if current.keepAlive && !isStopping {
            connection.phase = .reading
            if connection.readBuffer.readableBytes > 0 {
                connection.setDeadline(.header, seconds: configuration.headerReadTimeoutSeconds, now: now)
            } else {
                connection.setDeadline(.idle, seconds: configuration.idleTimeoutSeconds, now: now)
            }
        } else {
            connection.phase = .closing
            connection.deadlineKind = .none
        }
        guard flush(connection) else { return }
        switch connection.phase {
        case .closing where !connection.hasUnsentOutput:
            endClosing(connection)
        case .reading:
            processInput(connection)
        default:
            break
        }
    }

    /// Closes after the last response: at once, or by draining input first after an error.
    private func endClosing(_ connection: Connection) {
        guard connection.lingersOnClose && !isStopping else {
            closeConnection(connection)
            return
        }
        shutdown(connection.key.descriptor, Int32(SHUT_WR))
        connection.phase = .draining
        connection.readBuffer.consume(connection.readBuffer.readableBytes)
        connection.setDeadline(.lingering, seconds: configuration.lingeringCloseTimeoutSeconds, now: MonotonicClock.nowNanoseconds())
        drainInput(connection)
    }

    // MARK: - Writing

    /// Writes as much output as the socket takes; false if the connection was closed.
    private func flush(_ connection: Connection) -> Bool {
        while connection.hasUnsentOutput {
            let written = connection.output.withUnsafeBytes { bytes in
                send(connection.key.descriptor, bytes.baseAddress! + connection.outputOffset, connection.unsentBytes, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                connection.outputOffset += written
                connection.lastWriteProgressNanoseconds = MonotonicClock.nowNanoseconds()
                context.metrics.addSentBytes(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                // The socket is full: the edge of EPOLLOUT resumes. The write timeout counts from here.
                if !connection.isWriteBlocked {
                    connection.isWriteBlocked = true
                    connection.lastWriteProgressNanoseconds = MonotonicClock.nowNanoseconds()
                    watchOutput(of: connection, true)
                }
                break
            } else {
                closeConnection(connection)
                return false
            }
        }
        if !connection.hasUnsentOutput {
            connection.output.removeAll(keepingCapacity: connection.output.capacity <= configuration.readChunkBytes * 4)
            connection.outputOffset = 0
            if connection.isWriteBlocked {
                connection.isWriteBlocked = false
                watchOutput(of: connection, false)
            }
        }
        if case .streaming(let writer) = connection.phase { writer.updateSocketBacklog(connection.unsentBytes) }
        return true
    }

    /// Adds or removes EPOLLOUT while the connection's socket is full.
    private func watchOutput(of connection: Connection, _ watches: Bool) {
        let events = watches ? Self.blockedConnectionEvents : Self.connectionEvents
        _ = homeward_epoll_ctl(epoll, Self.controlModify, connection.key.descriptor, events, UInt64(connection.key.descriptor))
    }

    private func handleWritable(_ connection: Connection) {
        guard flush(connection) else { return }
        guard !connection.hasUnsentOutput else { return }
        switch connection.phase {
        case .closing:
            endClosing(connection)
        case .reading:
            processInput(connection)
        case .streaming(let writer):
            pumpStream(connection, writer: writer)
        case .processing, .draining:
            break
        }
    }

    private func pumpStream(_ connection: Connection, writer: HTTPBodyWriter) {
        let (bytes, isFinished, isClosed) = writer.takePending()
        connection.output.append(contentsOf: bytes)
        if var current = connection.current {
            current.bodyBytes += bytes.count
            connection.current = current
        }
        guard flush(connection) else { return }
        if isClosed && !isFinished {
            closeConnection(connection)
        } else if isFinished && !connection.hasUnsentOutput {
            finishRequest(on: connection)
        }
    }

    private func closeConnection(_ connection: Connection) {
        let index = Int(connection.key.descriptor)
        guard connections[index] === connection else { return }
        _ = homeward_epoll_ctl(epoll, Self.controlDelete, connection.key.descriptor, 0, 0)
        close(connection.key.descriptor)
        connections[index] = nil
        connection.readBuffer.consume(connection.readBuffer.readableBytes)
        returnScratch(connection)
        openConnections -= 1
        context.connectionCount.subtract(1, ordering: .relaxed)
        context.metrics.connectionClosed()
        if case .streaming(let writer) = connection.phase { writer.connectionDidClose() }
        connection.bodyStream?.fail(.invalidRequest("The connection closed before the body ended."))
        connection.bodyStream = nil
    }

    // MARK: - Messages and timers

    private func receive(_ message: LoopMessage) {
        switch message {
        case .response(let key, let response):
            guard let connection = connection(for: key), case .processing = connection.phase else { return }
            complete(connection, with: response)
        case .streamActivity(let key):
            guard let connection = connection(for: key), case .streaming(let writer) = connection.phase else { return }
            pumpStream(connection, writer: writer)
        case .bodyDemand(let key):
            guard let connection = connection(for: key), connection.bodyStream != nil else { return }
            connection.isBodyPaused = false
            pumpBody(connection)
        case .shutdown:
            beginShutdown()
        }
    }

    private func connection(for key: ConnectionKey) -> Connection? {
        let index = Int(key.descriptor)
        guard index < connections.count, let connection = connections[index], connection.key == key else { return nil }
        return connection
    }

    private func beginShutdown() {
        guard !isStopping else { return }
        isStopping = true
        closeListener()
        forceCloseNanoseconds = MonotonicClock.nowNanoseconds() + Connection.nanoseconds(configuration.shutdownGracePeriodSeconds)
        for case let connection? in connections {
            if connection.isIdle {
                closeConnection(connection)
            } else if case .streaming(let writer) = connection.phase {
                writer.finish()
            }
        }
    }

    private func closeListener() {
        guard listener >= 0 else { return }
        _ = homeward_epoll_ctl(epoll, Self.controlDelete, listener, 0, 0)
        close(listener)
        listener = -1
    }

    private func sweep(now: UInt64) {
        let writeTimeout = Connection.nanoseconds(configuration.writeTimeoutSeconds)
        for case let connection? in connections {
            if now >= forceCloseNanoseconds {
                closeConnection(connection)
                continue
            }
            if connection.hasUnsentOutput && now - connection.lastWriteProgressNanoseconds > writeTimeout {
                closeConnection(connection)
                continue
            }
            guard connection.deadlineKind != .none, now >= connection.deadlineNanoseconds else { continue }
            switch connection.deadlineKind {
            case .header, .body:
                if case .reading = connection.phase {
                    respond(to: connection, withError: .requestTimeout)
                } else if connection.bodyStream != nil {
                    abandonBody(of: connection, failing: .requestTimeout)
                }
            case .idle, .lingering:
                closeConnection(connection)
            case .none:
                break
            }
        }
    }
}
