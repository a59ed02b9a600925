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

    func testEveryMQTTSettingIsCheckedAndNamed() {
        var settings = MQTTSettings()
        XCTAssertEqual(settings.problems, [])
        XCTAssertNil(settings.broker, "off without a URL")
        settings.password = "x"
        XCTAssertEqual(settings.problems, ["mqtt-password-file has no effect without mqtt-url"])
        settings.url = "mqtt://user:fromurl@localhost"
        XCTAssertEqual(settings.broker?.password, "x", "the password file wins over the URL")
        XCTAssertEqual(settings.problems, [])
        settings.protocolVersion = "4"
        settings.ownTracksPrefix = "own/tracks"
        settings.discoveryPrefix = "home/#"
        settings.keepAliveSeconds = 1
        settings.reconnectMaxSeconds = 0
        settings.maxQueuedMessages = 0
        settings.refreshSeconds = 0
        let problems = settings.problems
        for name in ["mqtt-protocol", "mqtt-owntracks-prefix", "mqtt-discovery-prefix", "mqtt-keepalive-seconds",
                     "mqtt-reconnect-max-seconds", "mqtt-max-queued-messages", "mqtt-refresh-seconds"] {
            XCTAssertTrue(problems.contains { $0.hasPrefix(name) }, "\(name) in \(problems)")
        }
        var configuration = AppConfiguration()
        configuration.mqtt.url = "ftp://nope"
        XCTAssertTrue(configuration.problems.contains { $0.hasPrefix("mqtt-url") })
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
