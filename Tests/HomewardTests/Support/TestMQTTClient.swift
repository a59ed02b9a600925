import CMosquitto
import Foundation
import XCTest
@testable import Homeward

/// An MQTT client for the tests, on libmosquitto with its own network thread: a phone publishing
/// OwnTracks messages, or Home Assistant reading what the server published. Every message received
/// is kept.
final class TestMQTTClient: @unchecked Sendable {
    // @unchecked Sendable: `received` and `published` are guarded by `condition`; libmosquitto's
    // calls are thread-safe with its own loop thread (`mosquitto_loop_start`).
    private let handle: OpaquePointer
    private let condition = NSCondition()
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
        XCTAssertEqual(mosquitto_loop_start(handle), MOSQ_ERR_SUCCESS.rawValue)
        guard wait(until: { $0.isConnected }) else {
            throw ReceiverError(message: "the broker refused the test client \(user): \(connackCode.map { String(cString: mosquitto_connack_string($0)) } ?? "no answer")")
        }
    }

    deinit {
        mosquitto_disconnect(handle)
        mosquitto_loop_stop(handle, false)
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
