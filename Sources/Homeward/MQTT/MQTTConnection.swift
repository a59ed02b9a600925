import CMosquitto
import Foundation
import HomewardSync
import Logging

/// One MQTT session with the broker on libmosquitto, run by a thread of its own: connects (TLS
/// through the system CA store for `mqtts://`), subscribes at every connection, hands each message to
/// `onMessage` on that thread, and when the broker goes away reconnects with exponential back-off
/// (libmosquitto's own between attempts, and this thread's around what libmosquitto gives up on,
/// such as a name that does not resolve yet). The session is persistent: a stable client id with
/// clean session off (MQTT 5: clean start off and `sessionExpirySeconds`), QoS 1 subscriptions,
/// so what was published while the server was away is delivered when it is back.
///
/// A QoS 1 message is acknowledged to the broker (PUBACK) only once its receiver settled it
/// (`settle`: stored, or judged not worth trying again). libmosquitto 2.0 queues the PUBACK inside
/// `mosquitto_loop_read`, before it calls the message callback, and with `mosquitto_threaded_set`
/// writes it only at the next `mosquitto_loop_write`; this thread therefore neither writes nor reads
/// while a message handed to `onMessage` on this connection is unsettled. A server that dies
/// before settling has acknowledged nothing, and the broker delivers the message again to the
/// session (a duplicate at most, which the stores recognise).
///
/// `publish` may be called from any thread (libmosquitto is thread-safe once `mosquitto_threaded_set`).
/// `@unchecked Sendable`: `handle` is set once in `init` and destroyed in `deinit`; the flags are
/// read and written under `condition`.
final class MQTTConnection: @unchecked Sendable {
    /// What the server publishes retained on `topic` when it connects and asks the broker to
    /// publish when the connection is lost (its availability).
    struct Will: Sendable {
        var topic: String
        var online: [UInt8]
        var offline: [UInt8]
    }

    private let settings: MQTTSettings
    private let broker: MQTTBroker
    private let subscriptions: [String]
    private let will: Will
    private let logger: Logger
    private let onConnect: @Sendable () -> Void
    private let onMessage: @Sendable (MQTTMessage) -> Void
    private let handle: OpaquePointer
    /// A pipe that wakes the connection's thread from `poll` when something was queued to send.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let condition = ConditionLock()
    private var isStopping = false
    private var hasExited = false
    private var isStarted = false
    private var connected = false
    /// Messages handed to `onMessage`, and settled by the receiver, since the start (in order).
    private var received: UInt64 = 0
    private var settled: UInt64 = 0
    /// `received` when the current connection opened: the acknowledgements of messages before it
    /// died with the earlier socket (the broker delivers those again).
    private var receivedBeforeConnection: UInt64 = 0
    /// Whether `stop` was asked to leave without writing anything more (as if the process died).
    private var isAbandoned = false

    private static let libraryInit: Void = { mosquitto_lib_init() }()

    /// A session with `broker` as `settings` say, subscribing to `subscriptions` (QoS 1) at every
    /// connection; `onConnect` and `onMessage` run on the connection's thread and must not wait
    /// long (waiting in `onMessage` holds the next messages at the broker).
    init(
        settings: MQTTSettings, broker: MQTTBroker, subscriptions: [String], will: Will, logger: Logger,
        onConnect: @escaping @Sendable () -> Void, onMessage: @escaping @Sendable (MQTTMessage) -> Void
    ) throws {
        _ = Self.libraryInit
        self.settings = settings
        self.broker = broker
        self.subscriptions = subscriptions
        self.will = will
        self.logger = logger
        self.onConnect = onConnect
        self.onMessage = onMessage
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw MQTTError.setUp("cannot open a pipe: \(String(cString: strerror(errno)))") }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        guard let handle = mosquitto_new(settings.clientID, false, nil) else {
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw MQTTError.setUp("cannot create the MQTT client")
        }
        (wakeRead, wakeWrite) = (pipeEnds[0], pipeEnds[1])
        self.handle = handle
        try configure()
    }

    deinit {
        mosquitto_destroy(handle)
        close(wakeRead)
        close(wakeWrite)
    }

    /// Whether the session is connected now.
    var isConnected: Bool { condition.withLock { connected } }

    /// Starts the connection's thread: it connects at once, and again whenever the broker goes away,
    /// until `stop`. A broker that is down does not fail the start.
    func start() {
        condition.withLock {
            guard !isStarted else { return }
            isStarted = true
            let thread = Thread { [self] in run() }
            thread.name = "mqtt"
            thread.start()
        }
    }

    /// Publishes `payload` on `topic` (QoS 1): sent now when connected; while away, libmosquitto
    /// keeps it and sends it after reconnecting. False when libmosquitto refused it.
    @discardableResult
    func publish(_ topic: String, _ payload: [UInt8], retain: Bool) -> Bool {
        let rc = payload.withUnsafeBytes { bytes in
            mosquitto_publish(handle, nil, topic, Int32(bytes.count), bytes.baseAddress, 1, retain)
        }
        wake()
        if rc != MOSQ_ERR_SUCCESS.rawValue && rc != MOSQ_ERR_NO_CONN.rawValue {
            logger.warning("MQTT publish refused", metadata: ["topic": "\(topic)", "error": "\(Self.describe(rc))"])
            return false
        }
        return true
    }

    /// Says the server is going (its availability `offline`), disconnects and waits for the thread.
    func stop() {
        let started = condition.withLock { () -> Bool in
            isStopping = true
            condition.broadcast()
            return isStarted
        }
        guard started else { return }
        if isConnected { publish(will.topic, will.offline, retain: true) }
        mosquitto_disconnect(handle)
        wake()
        condition.withLock {
            while !hasExited { condition.wait() }
        }
    }

    /// The receiver settled the next `count` messages handed to `onMessage` (in the order they came):
    /// stored, or not worth trying again. Their acknowledgements may go to the broker.
    func settle(_ count: Int) {
        guard count > 0 else { return }
        condition.withLock { settled += UInt64(count) }
        wake()
    }

    /// Whether every message of the current connection is settled: until then nothing is written
    /// (a PUBACK queued by libmosquitto would leave with the rest) and nothing more is read.
    private var mayAcknowledge: Bool { received == receivedBeforeConnection || settled >= received }

    /// Ends the session as a killed process would: the socket is shut at once, nothing more is
    /// written (no acknowledgement, no DISCONNECT: the broker publishes the will), and the thread
    /// ends. For tests of what a crash leaves at the broker.
    func abandon() {
        let started = condition.withLock { () -> Bool in
            isStopping = true
            isAbandoned = true
            condition.broadcast()
            return isStarted
        }
        guard started else { return }
        let socket = mosquitto_socket(handle)
        if socket >= 0 { _ = shutdown(socket, Int32(SHUT_RDWR)) }
        wake()
        condition.withLock {
            while !hasExited { condition.wait() }
        }
    }

    /// Wakes the connection's thread to send what was queued (a full pipe is awake already).
    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func configure() throws {
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        mosquitto_user_data_set(handle, opaque)
        func check(_ rc: Int32, _ what: String) throws {
            guard rc == MOSQ_ERR_SUCCESS.rawValue else { throw MQTTError.setUp("\(what): \(Self.describe(rc))") }
        }
        try check(mosquitto_threaded_set(handle, true), "threads")
        let version = settings.protocolVersion == "3.1.1" ? MQTT_PROTOCOL_V311 : MQTT_PROTOCOL_V5
        try check(mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, version), "protocol version")
        if let username = broker.username {
            try check(mosquitto_username_pw_set(handle, username, broker.password), "user name")
        }
        if broker.usesTLS {
            if let caFile = settings.caFilePath {
                try check(mosquitto_tls_set(handle, caFile, nil, nil, nil, nil), "mqtt-ca-file")
            } else {
                try check(mosquitto_int_option(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1), "the system's CA store")
            }
            try check(mosquitto_tls_opts_set(handle, 1, nil, nil), "TLS options")
            try check(mosquitto_tls_insecure_set(handle, false), "TLS host name check")
        }
        try will.offline.withUnsafeBytes { bytes in
            try check(mosquitto_will_set(handle, will.topic, Int32(bytes.count), bytes.baseAddress, 1, true), "will")
        }
        try check(mosquitto_reconnect_delay_set(
            handle, UInt32(settings.reconnectMinSeconds), UInt32(settings.reconnectMaxSeconds), true), "reconnect delay")
        mosquitto_connect_callback_set(handle) { _, context, rc in
            guard let context else { return }
            Unmanaged<MQTTConnection>.fromOpaque(context).takeUnretainedValue().connected(rc)
        }
        mosquitto_disconnect_callback_set(handle) { _, context, rc in
            guard let context else { return }
            Unmanaged<MQTTConnection>.fromOpaque(context).takeUnretainedValue().disconnected(rc)
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            guard let context, let message else { return }
            let connection = Unmanaged<MQTTConnection>.fromOpaque(context).takeUnretainedValue()
            let payload = message.pointee.payloadlen > 0
                ? Array(UnsafeRawBufferPointer(start: message.pointee.payload, count: Int(message.pointee.payloadlen))) : []
            connection.onMessage(MQTTMessage(
                topic: String(cString: message.pointee.topic), payload: payload, retained: message.pointee.retain))
            connection.condition.withLock { connection.received += 1 }
        }
    }

    /// The thread: connect, run the connection until it is lost, and wait out the back-off before
    /// connecting again (from the shortest wait after a connection that was up).
    private func run() {
        var failures = 0
        while !condition.withLock({ isStopping }) {
            condition.withLock { receivedBeforeConnection = received }
            let rc = connect()
            if rc != MOSQ_ERR_SUCCESS.rawValue {
                logger.warning("MQTT broker not reachable", metadata: [
                    "host": "\(broker.host)", "port": "\(broker.port)", "error": "\(Self.describe(rc))"])
            }
            let (loop, wasUp) = rc == MOSQ_ERR_SUCCESS.rawValue ? runConnection() : (rc, false)
            if condition.withLock({ isStopping }) { break }
            if loop != MOSQ_ERR_SUCCESS.rawValue, rc == MOSQ_ERR_SUCCESS.rawValue {
                logger.warning("MQTT connection failed", metadata: ["error": "\(Self.describe(loop))"])
            }
            if wasUp { failures = 0 }
            failures += 1
            let delay = min(Double(settings.reconnectMaxSeconds), Double(settings.reconnectMinSeconds) * pow(2, Double(min(failures, 16) - 1)))
            condition.withLock {
                if !isStopping { _ = condition.wait(timeoutSeconds: delay) }
            }
        }
        // Left without writing what was queued (unsettled messages, or `abandon`): the socket is
        // shut so the broker sees the session go now (an orderly DISCONNECT closed it already).
        let socket = mosquitto_socket(handle)
        if socket >= 0 { _ = shutdown(socket, Int32(SHUT_RDWR)) }
        condition.withLock {
            connected = false
            hasExited = true
            condition.broadcast()
        }
    }

    /// Runs the open connection until it is lost or `stop` asks for the end: `poll` on its socket and
    /// the wake pipe, then libmosquitto's reads, writes and keep-alive. Not libmosquitto's own loop,
    /// which waits in `select` and aborts the process on a descriptor numbered 1,024 or more: a server
    /// with many clients open hands it such descriptors. While a message received on this
    /// connection is unsettled the socket is left alone (its PUBACK is queued: see the type's
    /// comment); at a stop, what is queued is written only when everything is settled, and after
    /// `abandon` never. Says how it ended and whether the session was up meanwhile.
    private func runConnection() -> (Int32, Bool) {
        var wasUp = false
        var drain = [UInt8](repeating: 0, count: 64)
        while true {
            let (stopping, abandoned, mayWrite) = condition.withLock { () -> (Bool, Bool, Bool) in
                wasUp = wasUp || connected
                return (isStopping, isAbandoned, mayAcknowledge)
            }
            let socket = mosquitto_socket(handle)
            if socket < 0 || (stopping && (abandoned || !mayWrite || !mosquitto_want_write(handle))) {
                return (stopping ? MOSQ_ERR_SUCCESS.rawValue : MOSQ_ERR_NO_CONN.rawValue, wasUp)
            }
            var descriptors = [
                // A negative descriptor is left out of the poll: the socket waits for the settlement.
                pollfd(fd: mayWrite ? socket : -1, events: Int16(POLLIN) | (mosquitto_want_write(handle) ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, 1_000)
            if ready < 0, errno != EINTR { return (MOSQ_ERR_ERRNO.rawValue, wasUp) }
            if descriptors[1].revents != 0 { while read(wakeRead, &drain, drain.count) > 0 {} }
            if descriptors[0].revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 {
                let rc = mosquitto_loop_read(handle, 1)
                if rc != MOSQ_ERR_SUCCESS.rawValue { return (rc, wasUp) }
            }
            if condition.withLock({ mayAcknowledge }), mosquitto_socket(handle) >= 0, mosquitto_want_write(handle) {
                let rc = mosquitto_loop_write(handle, 1)
                if rc != MOSQ_ERR_SUCCESS.rawValue { return (rc, wasUp) }
            }
            let rc = mosquitto_loop_misc(handle)
            if rc != MOSQ_ERR_SUCCESS.rawValue { return (rc, wasUp) }
        }
    }

    /// Opens the connection and sends CONNECT (the answer comes to `connected`); MQTT 5 asks the
    /// broker to keep the session `sessionExpirySeconds`. Blocks this thread while the TCP (and TLS)
    /// connection opens, as libmosquitto's own reconnections do.
    private func connect() -> Int32 {
        let keepAlive = Int32(settings.keepAliveSeconds)
        guard settings.protocolVersion != "3.1.1" else { return mosquitto_connect(handle, broker.host, Int32(broker.port), keepAlive) }
        var properties: OpaquePointer?
        mosquitto_property_add_int32(&properties, Int32(MQTT_PROP_SESSION_EXPIRY_INTERVAL.rawValue), UInt32(settings.sessionExpirySeconds))
        defer { mosquitto_property_free_all(&properties) }
        return mosquitto_connect_bind_v5(handle, broker.host, Int32(broker.port), keepAlive, nil, properties)
    }

    private func connected(_ rc: Int32) {
        guard rc == 0 else {
            logger.warning("MQTT broker refused the connection", metadata: ["reason": "\(String(cString: mosquitto_connack_string(rc)))"])
            return
        }
        condition.withLock { connected = true }
        for topic in subscriptions {
            let result = mosquitto_subscribe(handle, nil, topic, 1)
            if result != MOSQ_ERR_SUCCESS.rawValue {
                logger.warning("MQTT subscription refused", metadata: ["topic": "\(topic)", "error": "\(Self.describe(result))"])
            }
        }
        publish(will.topic, will.online, retain: true)
        logger.info("MQTT connected", metadata: ["host": "\(broker.host)", "port": "\(broker.port)"])
        onConnect()
    }

    private func disconnected(_ rc: Int32) {
        let wasConnected = condition.withLock { () -> Bool in
            defer { connected = false }
            return connected
        }
        if wasConnected && rc != 0 {
            logger.warning("MQTT connection lost; reconnecting", metadata: ["error": "\(Self.describe(rc))"])
        }
    }

    private static func describe(_ rc: Int32) -> String {
        rc == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(errno)) : String(cString: mosquitto_strerror(rc))
    }
}

/// Why the MQTT client could not be set up.
enum MQTTError: Error, CustomStringConvertible {
    case setUp(String)

    var description: String {
        switch self {
        case .setUp(let reason): "MQTT: \(reason)"
        }
    }
}
