import CMosquitto
import Foundation
import XCTest
@testable import Homeward

/// An MQTT client for the tests, on libmosquitto with a network thread of its own: a phone
/// publishing OwnTracks messages, or Home Assistant reading what the server published. Every
/// message received is kept. The thread polls the socket (as the server's client does):
/// libmosquitto's own loop thread uses `select`, which aborts once the process holds descriptors
/// numbered 1,024 or more (a long test run does).
final class TestMQTTClient: @unchecked Sendable {
    // @unchecked Sendable: `received` and `published` are guarded by `condition`;
    // libmosquitto's calls are thread-safe with `mosquitto_threaded_set`.
    private let handle: OpaquePointer
    private let condition = NSCondition()
    private var network: NetworkLoop?
    private var received: [MQTTMessage] = []
    private var published: Set<Int32> = []
    private var isConnected = false
    private var connackCode: Int32?

    /// Connects to the broker on `port` as `user` (clean session) and starts the network thread.
    init(port: Int, user: String, password: String, clientID: String = "test-\(UUID().uuidString.prefix(8))") throws {
        mosquitto_lib_init()
        guard let handle = mosquitto_new(clientID, true, nil) else { throw ReceiverError(message: "mosquitto_new failed") }
        self.handle = handle
        mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311)
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_username_pw_set(handle, user, password)
        mosquitto_connect_callback_set(handle) { _, context, rc in
            let client = Unmanaged<TestMQTTClient>.fromOpaque(context!).takeUnretainedValue()
            client.condition.withLock {
                client.isConnected = rc == 0
                client.connackCode = rc
                client.condition.broadcast()
            }
        }
        mosquitto_publish_callback_set(handle) { _, context, mid in
            let client = Unmanaged<TestMQTTClient>.fromOpaque(context!).takeUnretainedValue()
            client.condition.withLock {
                client.published.insert(mid)
                client.condition.broadcast()
            }
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            let client = Unmanaged<TestMQTTClient>.fromOpaque(context!).takeUnretainedValue()
            let message = message!.pointee
            let payload = message.payloadlen > 0 ? Array(UnsafeRawBufferPointer(start: message.payload, count: Int(message.payloadlen))) : []
            client.condition.withLock {
                client.received.append(MQTTMessage(topic: String(cString: message.topic), payload: payload, retained: message.retain))
                client.condition.broadcast()
            }
        }
        guard mosquitto_connect(handle, "127.0.0.1", Int32(port), 30) == MOSQ_ERR_SUCCESS.rawValue else {
            throw ReceiverError(message: "test client cannot connect to 127.0.0.1:\(port)")
        }
        mosquitto_threaded_set(handle, true)
        let network = NetworkLoop(handle: handle)
        self.network = network
        let thread = Thread { network.run() }
        thread.name = "test MQTT client"
        thread.start()
        guard wait(until: { $0.isConnected }) else {
            throw ReceiverError(message: "the broker refused the test client \(user): \(connackCode.map { String(cString: mosquitto_connack_string($0)) } ?? "no answer")")
        }
    }

    deinit {
        network?.stop()
        mosquitto_destroy(handle)
    }

    /// Subscribes to `topic` (QoS 1).
    func subscribe(_ topic: String) {
        XCTAssertEqual(mosquitto_subscribe(handle, nil, topic, 1), MOSQ_ERR_SUCCESS.rawValue)
    }

    /// Publishes `text` on `topic` (QoS 1) and waits until the broker has it.
    func publish(_ topic: String, _ text: String, retain: Bool = false) {
        publish(topic, Array(text.utf8), retain: retain)
    }

    /// Publishes `bytes` on `topic` (QoS 1) and waits until the broker has it.
    func publish(_ topic: String, _ bytes: [UInt8], retain: Bool = false) {
        var mid: Int32 = 0
        let rc = bytes.withUnsafeBytes { mosquitto_publish(handle, &mid, topic, Int32($0.count), $0.baseAddress, 1, retain) }
        XCTAssertEqual(rc, MOSQ_ERR_SUCCESS.rawValue)
        XCTAssertTrue(wait(until: { $0.published.contains(mid) }), "the broker did not acknowledge \(topic)")
    }

    /// Every message received so far.
    var messages: [MQTTMessage] { condition.withLock { received } }

    /// The newest message on `topic` that `matches`, waited for up to the default deadline.
    func waitForMessage(on topic: String, where matches: (MQTTMessage) -> Bool = { _ in true }) -> MQTTMessage? {
        var found: MQTTMessage?
        _ = wait { client in
            found = client.received.last { $0.topic == topic && matches($0) }
            return found != nil
        }
        return found
    }

    /// The JSON object of the newest message on `topic` that holds one and `matches`.
    func waitForJSON(on topic: String, where matches: ([String: Any]) -> Bool = { _ in true }) -> [String: Any]? {
        waitForMessage(on: topic) { message in
            (try? JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any]).map(matches) ?? false
        }.flatMap { try? JSONSerialization.jsonObject(with: Data($0.payload)) as? [String: Any] }
    }

    private func wait(until condition: (TestMQTTClient) -> Bool) -> Bool {
        let deadline = Deadline()
        self.condition.lock()
        defer { self.condition.unlock() }
        while !condition(self) {
            guard self.condition.wait(until: deadline.end) else { return condition(self) }
        }
        return true
    }
}

/// The test client's network thread: `poll` on the socket (a short timeout picks up what other
/// threads queued), libmosquitto's read, write and housekeeping, and a reconnect when the
/// connection is lost (a test restarts the broker), until `stop`.
private final class NetworkLoop: @unchecked Sendable {
    // @unchecked Sendable: `stopping` and `ended` are guarded by `condition`; the handle is used
    // through libmosquitto's calls, thread-safe with `mosquitto_threaded_set`.
    private let handle: OpaquePointer
    private let condition = NSCondition()
    private var stopping = false
    private var ended = false

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    func run() {
        while !condition.withLock({ stopping }) {
            let socket = mosquitto_socket(handle)
            var healthy = socket >= 0
            if healthy {
                var events = Int16(POLLIN)
                if mosquitto_want_write(handle) { events |= Int16(POLLOUT) }
                var descriptor = pollfd(fd: socket, events: events, revents: 0)
                if poll(&descriptor, 1, 10) > 0, descriptor.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
                    healthy = mosquitto_loop_read(handle, 1) == MOSQ_ERR_SUCCESS.rawValue
                }
                if healthy, mosquitto_want_write(handle) {
                    healthy = mosquitto_loop_write(handle, 1) == MOSQ_ERR_SUCCESS.rawValue
                }
                if healthy { healthy = mosquitto_loop_misc(handle) == MOSQ_ERR_SUCCESS.rawValue }
            }
            if !healthy, !condition.withLock({ stopping }) {
                usleep(100_000)
                _ = mosquitto_reconnect(handle)
            }
        }
        condition.withLock {
            ended = true
            condition.broadcast()
        }
    }

    /// Disconnects and waits for the thread to end.
    func stop() {
        condition.withLock { stopping = true }
        mosquitto_disconnect(handle)
        condition.lock()
        while !ended { condition.wait() }
        condition.unlock()
    }
}
