import CCurl
import Foundation

/// The server's one client for what it sends itself (webhooks, notification services, and mail
/// through `send(_:via:completion:)`), on libcurl's multi interface driven by one thread: TLS
/// verified against the system CA store, HTTP/2 where the receiver offers it, connections kept for
/// reuse, a deadline per transfer, no redirects and no proxy, and every resolved address checked by
/// `OutgoingAddressPolicy` as its socket opens.
///
/// Transfers to one destination (`scheme://host:port`, a mail server as much as a web server) run at
/// most `maxConcurrentPerDestination` at a time and the rest wait in that destination's queue;
/// destinations are served in turn, so a receiver that accepts and never answers holds only its own
/// slots until the deadline.
///
/// `@unchecked Sendable`: the queues are guarded by `lock`; curl handles and transfers in flight are
/// touched only by the client's thread.
public final class OutgoingHTTPClient: @unchecked Sendable {
    /// Limits and trust settings of the client.
    public struct Configuration: Sendable {
        /// Seconds one request may take in all (connect, TLS, send, answer).
        public var timeoutSeconds = 5.0
        /// Requests in flight at once to one destination.
        public var maxConcurrentPerDestination = 4
        /// Requests in flight at once in all.
        public var maxConcurrentTransfers = 256
        /// Bytes of a response body kept; the rest is read and dropped.
        public var maxResponseBytes = 64 * 1024
        /// A PEM file of CA certificates to trust instead of the system store (tests only: it lets a
        /// throwaway CA stand in for a public one).
        public var caFilePath: String?

        /// Creates the defaults.
        public init() {}
    }

    /// Called once per request, on the client's thread; keep it short.
    public typealias Completion = @Sendable (Result<OutgoingResponse, OutgoingError>) -> Void

    private let configuration: Configuration
    let policy: OutgoingAddressPolicy
    private let lock = NSLock()
    private var waiting: [String: [OutgoingTransfer]] = [:]
    private var turnOrder: [String] = []
    private var inFlightPerDestination: [String: Int] = [:]
    private var inFlight = 0
    private var isStarted = false
    private var isStopping = false
    private let multi: UnsafeMutableRawPointer?
    private let exited = DispatchSemaphore(value: 0)

    private static let globalInit: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    /// Creates a client; its thread starts with the first request.
    public init(configuration: Configuration, policy: OutgoingAddressPolicy) {
        _ = Self.globalInit
        self.configuration = configuration
        self.policy = policy
        multi = curl_multi_init()
        homeward_curl_multi_set_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    }

    deinit {
        curl_multi_cleanup(multi)
    }

    /// Queues `request`; `completion` gets the answer or the failure.
    public func send(_ request: OutgoingRequest, completion: @escaping Completion) {
        enqueue(OutgoingTransfer(url: request.url, exchange: HTTPExchange(request: request, completion: completion), policy: policy))
    }

    /// Sends `request` and waits for the answer (a "send a test" call).
    public func perform(_ request: OutgoingRequest) -> Result<OutgoingResponse, OutgoingError> {
        waitFor { send(request, completion: $0) }
    }

    /// Queues `transfer` behind the others for its destination, starting the client's thread on first use.
    func enqueue(_ transfer: OutgoingTransfer) {
        lock.lock()
        guard !isStopping else {
            lock.unlock()
            transfer.abandon("the server is stopping")
            return
        }
        let destination = transfer.url.destination
        if waiting[destination] == nil { turnOrder.append(destination) }
        waiting[destination, default: []].append(transfer)
        let mustStart = !isStarted
        isStarted = true
        lock.unlock()
        if mustStart {
            let thread = Thread { [self] in run() }
            thread.name = "outgoing-http"
            thread.start()
        } else {
            curl_multi_wakeup(multi)
        }
    }

    /// Starts a transfer with `start` and waits until its completion is called.
    func waitFor<Success: Sendable>(_ start: (@escaping @Sendable (Result<Success, OutgoingError>) -> Void) -> Void) -> Result<Success, OutgoingError> {
        waitForCompletion(start)
    }

    /// Fails what is queued or in flight and ends the thread.
    public func stop() {
        lock.lock()
        let started = isStarted
        isStopping = true
        lock.unlock()
        guard started else { return }
        curl_multi_wakeup(multi)
        exited.wait()
    }

    private func run() {
        var active: [UnsafeMutableRawPointer: OutgoingTransfer] = [:]
        while true {
            let (startable, stopping) = takeStartable()
            if stopping { break }
            for transfer in startable {
                guard let easy = transfer.makeHandle(configuration: configuration) else {
                    settle(transfer)
                    transfer.abandon("libcurl could not create a transfer")
                    continue
                }
                active[easy] = transfer
                curl_multi_add_handle(multi, easy)
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var remaining: Int32 = 0
            var finishedAny = false
            while let message = curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                      let transfer = active.removeValue(forKey: easy) else { continue }
                curl_multi_remove_handle(multi, easy)
                settle(transfer)
                transfer.finish(code: homeward_curl_message_result(message))
                finishedAny = true
            }
            // A finished transfer frees a slot that a queued one may take now, not after the next socket event.
            if !finishedAny { curl_multi_poll(multi, nil, 0, 1_000, nil) }
        }
        for (easy, transfer) in active {
            curl_multi_remove_handle(multi, easy)
            settle(transfer)
            transfer.abandon("the server is stopping")
        }
        lock.lock()
        let abandoned = waiting.values.flatMap { $0 }
        waiting = [:]
        lock.unlock()
        for transfer in abandoned { transfer.abandon("the server is stopping") }
        exited.signal()
    }

    /// Takes the queued transfers that may start now, visiting destinations in turn.
    private func takeStartable() -> ([OutgoingTransfer], Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard !isStopping else { return ([], true) }
        var startable: [OutgoingTransfer] = []
        var progressed = true
        while progressed && inFlight < configuration.maxConcurrentTransfers {
            progressed = false
            for destination in turnOrder where inFlight < configuration.maxConcurrentTransfers {
                guard inFlightPerDestination[destination, default: 0] < configuration.maxConcurrentPerDestination,
                      var queue = waiting[destination], !queue.isEmpty else { continue }
                startable.append(queue.removeFirst())
                waiting[destination] = queue
                inFlightPerDestination[destination, default: 0] += 1
                inFlight += 1
                progressed = true
            }
        }
        turnOrder.removeAll { waiting[$0]?.isEmpty ?? true }
        for destination in Array(waiting.keys) where waiting[destination]?.isEmpty == true {
            waiting[destination] = nil
        }
        return (startable, false)
    }

    /// Frees the slots `transfer` held, before its completion runs.
    private func settle(_ transfer: OutgoingTransfer) {
        let destination = transfer.url.destination
        lock.lock()
        inFlight -= 1
        let left = inFlightPerDestination[destination, default: 1] - 1
        inFlightPerDestination[destination] = left > 0 ? left : nil
        lock.unlock()
    }
}
