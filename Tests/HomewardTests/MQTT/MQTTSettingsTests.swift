import XCTest
import HomewardHTTP
@testable import Homeward

/// The MQTT settings, topics and payload shapes, without a broker.
final class MQTTSettingsTests: XCTestCase {
    func testBrokerURLsGiveHostPortTLSAndCredentials() throws {
        let plain = try XCTUnwrap(MQTTBroker(url: "mqtt://homeward:s%40cret@broker.lan"))
        XCTAssertEqual(plain, MQTTBroker(host: "broker.lan", port: 1883, usesTLS: false, username: "homeward", password: "s@cret"))
        let tls = try XCTUnwrap(MQTTBroker(url: "mqtts://[::1]:8884/"))
        XCTAssertEqual(tls, MQTTBroker(host: "::1", port: 8884, usesTLS: true, username: nil, password: nil))
        XCTAssertEqual(MQTTBroker(url: "mqtts://broker.example.org")?.port, 8883)
        for wrong in ["http://broker", "mqtt://", "mqtt://host/topic", "mqtt://host:0", "mqtt://host?x=1", "broker:1883"] {
            XCTAssertNil(MQTTBroker(url: wrong), wrong)
        }
    }

    func testEveryMQTTSettingIsCheckedAndNamed() throws {
        var configuration = AppConfiguration()
        XCTAssertEqual(configuration.problems, [])
        XCTAssertNil(configuration.mqtt.broker, "off without a URL")
        configuration.mqtt.password = "x"
        XCTAssertEqual(configuration.problems, ["mqtt-password-file has no effect without mqtt-url"])
        configuration.mqtt.url = "mqtt://user:fromurl@localhost"
        XCTAssertEqual(configuration.mqtt.broker?.password, "x", "the password file wins over the URL")
        XCTAssertEqual(configuration.problems, [])
        configuration.mqtt.protocolVersion = "4"
        configuration.mqtt.ownTracksPrefix = "own/tracks"
        configuration.mqtt.discoveryPrefix = "home/#"
        configuration.mqtt.keepAliveSeconds = 1
        configuration.mqtt.reconnectMaxSeconds = 0
        configuration.mqtt.maxQueuedMessages = 0
        configuration.mqtt.refreshSeconds = 0
        configuration.mqtt.url = "ftp://nope"
        let problems = configuration.problems
        for name in ["mqtt-url", "mqtt-protocol", "mqtt-owntracks-prefix", "mqtt-discovery-prefix", "mqtt-keepalive-seconds",
                     "mqtt-reconnect-max-seconds", "mqtt-max-queued-messages", "mqtt-refresh-seconds"] {
            XCTAssertTrue(problems.contains { $0.hasPrefix(name + " ") }, "\(name) in \(problems)")
        }
        let given = try ServerSettings.configuration(
            arguments: ["--mqtt-url", "mqtts://homeward@broker.lan", "--mqtt-protocol", "3.1.1"], environment: ["HOMEWARD_MQTT_CLIENT_ID": "home-1"])
        XCTAssertEqual(given.mqtt.broker, MQTTBroker(host: "broker.lan", port: 8883, usesTLS: true, username: "homeward", password: nil))
        XCTAssertEqual(given.mqtt.clientID, "home-1")
        XCTAssertEqual(given.mqtt.protocolVersion, "3.1.1")
    }

    func testADeviceTopicHasThreeLevelsUnderThePrefixAndIsNotTheServersOwn() throws {
        XCTAssertEqual(try OwnTracksTopic.validated("owntracks/arthur/phone", prefix: "owntracks"), "owntracks/arthur/phone")
        for wrong in ["owntracks/arthur", "owntracks/arthur/phone/x", "owntracks//phone", "owntracks/+/phone", "owntracks/a/#",
                      "family/arthur/phone", "owntracks/arthur/homeward-1234"] {
            XCTAssertThrowsError(try OwnTracksTopic.validated(wrong, prefix: "owntracks"), wrong) { error in
                XCTAssertEqual((error as? HTTPError)?.field, "ownTracksTopic")
            }
        }
    }

    func testTheServersDiscoveryTopicsAreRecognisedAndNoOneElses() {
        let topics = HomeAssistantTopics(discoveryPrefix: "homeassistant", prefix: "homeward")
        XCTAssertEqual(topics.trackerConfig("abc"), "homeassistant/device_tracker/homeward_abc/config")
        XCTAssertEqual(topics.accountID(ofConfig: "homeassistant/device_tracker/homeward_abc/config"), "abc")
        XCTAssertEqual(topics.accountID(ofConfig: "homeassistant/event/homeward_abc/config"), "abc")
        XCTAssertNil(topics.accountID(ofConfig: "homeassistant/device_tracker/kitchen/config"))
        XCTAssertNil(topics.accountID(ofConfig: "homeassistant/sensor/homeward_abc/config"))
        XCTAssertNil(topics.accountID(ofConfig: "owntracks/arthur/phone"))
        XCTAssertEqual(OwnTracksBridge.userLevel(of: "owntracks/arthur/phone"), "owntracks/arthur/")
    }
}
