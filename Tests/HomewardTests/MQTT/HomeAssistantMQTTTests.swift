import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// "Show in Home Assistant" against a real mosquitto, read as Home Assistant's MQTT integration
/// would read it: retained discovery configs, the position as attributes, the zone as the state,
/// alerts as events, and the entity removed when turned off.
final class HomeAssistantMQTTTests: XCTestCase {
    private func setting(_ client: HTTPTestClient, of person: TestApp.Account, by caller: TestApp.Account, enabled: Bool) throws -> HTTPTestResponse {
        try client.execute(.put, "/v1/accounts/\(person.id)/home-assistant", headers: caller.auth, body: Array(#"{"enabled":\#(enabled)}"#.utf8))
    }

    func testAGuardianShowsAPersonInHomeAssistantAndTurningItOffRemovesTheEntity() throws {
        let broker = try MQTTTestBroker()
        let test = try TestApp.connected(to: broker)
        let anna = try test.makeAccount(name: "Anna")
        let ben = try test.makeAccount(name: "Ben")
        let stranger = try test.makeAccount(name: "Stranger")
        try test.link(guardian: ben, dependent: anna)
        try test.zone("Home", of: anna, by: ben, lat: 51.5007, lon: -0.1246, home: true)
        try test.zone("School", of: anna, by: ben, lat: 51.52, lon: -0.10)
        try test.ownTracksDevice(of: anna, topic: "owntracks/anna/phone")
        let phone = try broker.client("anna")
        // Half a minute at home, ten seconds apart: enough for Homeward to say she is in her home zone.
        let start = test.clock.now().adding(milliseconds: -3_600_000)
        for step in 0..<30 {
            phone.publish("owntracks/anna/phone", ownTracksLocation(
                lat: 51.5007 + Double(step % 3) * 0.00002, lon: -0.1246, at: start.adding(milliseconds: Int64(step) * 10_000), battery: 77))
        }
        XCTAssertTrue(try Deadline.waitUntil { try test.storedLocations(of: anna).count == 30 })

        let hass = try broker.client("hass")
        hass.subscribe("homeassistant/#")
        hass.subscribe("homeward/#")
        try test.withClient { client in
            XCTAssertEqual(try setting(client, of: anna, by: stranger, enabled: true).status, .notFound, "only the person and their guardians")
            let answer = try setting(client, of: anna, by: ben, enabled: true)
            XCTAssertEqual(answer.status, .ok, answer.text)
            XCTAssertEqual(try answer.decode(API.HomeAssistantSetting.self).uniqueId, "homeward_\(anna.id)")
            XCTAssertTrue(try client.execute(.get, "/v1/accounts/\(anna.id)/home-assistant", headers: anna.auth).decode(API.HomeAssistantSetting.self).enabled)
            XCTAssertEqual(try client.execute(.get, "/v1/accounts/\(anna.id)/home-assistant", headers: stranger.auth).status, .notFound)
        }
        let configTopic = "homeassistant/device_tracker/homeward_\(anna.id)/config"
        let config = try XCTUnwrap(hass.waitForJSON(on: configTopic), broker.broker.log.suffix(2_000).description)
        XCTAssertEqual(config["unique_id"] as? String, "homeward_\(anna.id)")
        XCTAssertEqual(config["source_type"] as? String, "gps")
        // What current Home Assistant reads without a deprecation warning: the attributes only.
        for deprecated in ["state_topic", "value_template", "payload_home", "payload_not_home", "payload_reset"] {
            XCTAssertNil(config[deprecated], "\(deprecated) is deprecated for MQTT device trackers")
        }
        XCTAssertEqual(config["json_attributes_topic"] as? String, "homeward/\(anna.id)/attributes")
        XCTAssertEqual(config["availability_topic"] as? String, "homeward/status")
        XCTAssertEqual((config["device"] as? [String: Any])?["name"] as? String, "Anna")
        let attributes = try XCTUnwrap(hass.waitForJSON(on: "homeward/\(anna.id)/attributes"))
        XCTAssertEqual(try XCTUnwrap(attributes["latitude"] as? Double), 51.5007, accuracy: 0.0001)
        XCTAssertEqual(attributes["longitude"] as? Double, -0.1246)
        XCTAssertEqual(attributes["gps_accuracy"] as? Double, 10)
        XCTAssertEqual(attributes["battery_level"] as? Int, 77)
        XCTAssertNotNil(hass.waitForMessage(on: "homeward/\(anna.id)/state") { $0.payload == Array("home".utf8) }, "the home zone is home")
        XCTAssertNotNil(hass.waitForMessage(on: "homeward/status") { $0.payload == Array("online".utf8) })

        // Each new position: attributes and the zone; an alert: an event an automation can act on.
        // Half an hour later, at school, with the battery running out.
        for step in 0..<30 {
            phone.publish("owntracks/anna/phone", ownTracksLocation(
                lat: 51.52 + Double(step % 3) * 0.00002, lon: -0.10, at: start.adding(milliseconds: 1_800_000 + Int64(step) * 10_000), battery: 8))
        }
        XCTAssertNotNil(hass.waitForMessage(on: "homeward/\(anna.id)/state") { $0.payload == Array("School".utf8) })
        let alert = try XCTUnwrap(hass.waitForJSON(on: "homeward/\(anna.id)/alert") { $0["event_type"] as? String == "low_battery" })
        XCTAssertEqual(alert["status"] as? String, "open")
        XCTAssertEqual(alert["person"] as? String, "Anna")
        XCTAssertNotNil(hass.waitForJSON(on: "homeassistant/event/homeward_\(anna.id)/config") {
            ($0["event_types"] as? [String])?.contains("sos") == true
        })

        // What Home Assistant reads when it connects later: the retained config and state.
        let later = try broker.client("hass")
        later.subscribe("homeassistant/device_tracker/+/config")
        later.subscribe("homeward/+/state")
        XCTAssertEqual(later.waitForMessage(on: configTopic)?.retained, true)
        XCTAssertEqual(later.waitForMessage(on: "homeward/\(anna.id)/state")?.payload, Array("School".utf8))

        // Anna turns it off: the entity goes (an empty retained config), and stays gone.
        try test.withClient { client in
            XCTAssertEqual(try setting(client, of: anna, by: anna, enabled: false).status, .ok)
        }
        XCTAssertNotNil(hass.waitForMessage(on: configTopic) { $0.payload.isEmpty }, "the entity is removed")
        let afterwards = try broker.client("hass")
        afterwards.subscribe("homeassistant/device_tracker/+/config")
        XCTAssertTrue(Deadline.holds(for: 1) { afterwards.messages.allSatisfy { $0.topic != configTopic } })
    }

    /// The entity goes as soon as the change that takes it away is committed, not at the next
    /// refresh (an hour here): the setting turned off, the link of the guardian who turned it on
    /// ended, the account deleted.
    func testTheEntityIsRemovedAtTheCommitOfAnyChangeThatTakesItAway() throws {
        let broker = try MQTTTestBroker()
        let test = try TestApp.connected(to: broker) { $0.mqtt.refreshSeconds = 3_600 }
        let anna = try test.makeAccount(name: "Anna")
        let ben = try test.makeAccount(name: "Ben")
        let carl = try test.makeAccount(name: "Carl")
        try test.link(guardian: ben, dependent: anna)
        try test.link(guardian: carl, dependent: anna)
        try test.link(guardian: ben, dependent: carl)
        let phone = try broker.client("anna")
        try test.ownTracksDevice(of: anna, topic: "owntracks/anna/phone")
        phone.publish("owntracks/anna/phone", ownTracksLocation(lat: 51.5, lon: -0.12, at: test.clock.now()))
        XCTAssertTrue(try Deadline.waitUntil { try test.storedLocations(of: anna).count == 1 })
        let hass = try broker.client("hass")
        hass.subscribe("homeassistant/device_tracker/+/config")
        let annasConfig = "homeassistant/device_tracker/homeward_\(anna.id)/config"
        let carlsConfig = "homeassistant/device_tracker/homeward_\(carl.id)/config"
        func shown(_ topic: String) -> Bool { hass.messages.last { $0.topic == topic }.map { !$0.payload.isEmpty } ?? false }
        try test.withClient { client in
            XCTAssertEqual(try setting(client, of: anna, by: ben, enabled: true).status, .ok)
            XCTAssertEqual(try setting(client, of: carl, by: carl, enabled: true).status, .ok)
        }
        XCTAssertTrue(Deadline.waitUntil { shown(annasConfig) && shown(carlsConfig) })

        // Anna ends Ben's link: Ben turned it on, so Anna leaves Home Assistant.
        let bensLink: String = try XCTUnwrap(try test.app.database.read { db in
            try db.fetchOne("SELECT id FROM links WHERE guardian_key = ? AND dependent_key = ?", [ben.key, anna.key])
        })
        try test.withClient { client in
            XCTAssertEqual(try client.execute(.delete, "/v1/links/\(bensLink)", headers: anna.auth).status, .noContent)
            XCTAssertFalse(try client.execute(.get, "/v1/accounts/\(anna.id)/home-assistant", headers: anna.auth)
                .decode(API.HomeAssistantSetting.self).enabled)
        }
        XCTAssertTrue(Deadline.waitUntil { !shown(annasConfig) }, "removed at the link's end")
        XCTAssertTrue(shown(carlsConfig), "Carl turned on his own")

        // Carl deletes his account: his entity goes at once.
        try test.withClient { client in
            let body = Array(#"{"password":"\#(carl.password)"}"#.utf8)
            XCTAssertEqual(try client.execute(.delete, "/v1/me", headers: carl.auth, body: body).status, .noContent)
        }
        XCTAssertTrue(Deadline.waitUntil { !shown(carlsConfig) }, "removed at the account's deletion")
    }

    /// Several nodes on one database, one of them talking to the broker: positions stored by a node
    /// with no broker and no stream still reach Home Assistant (the node with the broker always
    /// hears the other nodes' positions).
    func testAPositionStoredOnAnotherNodeReachesHomeAssistant() throws {
        try XCTSkipUnless(TestDatabase.isPostgreSQL, "several nodes share a PostgreSQL database")
        let broker = try MQTTTestBroker()
        let test = try TestApp.connected(to: broker)
        let anna = try test.makeAccount(name: "Anna")
        let ben = try test.makeAccount(name: "Ben")
        try test.link(guardian: ben, dependent: anna)
        var configuration = test.app.configuration
        configuration.mqtt.url = ""
        let other = try HomewardApp(configuration: configuration, clock: test.clock, logger: TestDatabase.logger)
        defer { try? other.close() }
        try other.startBackgroundWork()
        let relay = try XCTUnwrap(test.app.clusterRelay)
        XCTAssertTrue(Deadline.waitUntil { relay.isHearingPositions }, "the node with the broker hears every node's positions")
        XCTAssertFalse(try XCTUnwrap(other.clusterRelay).isHearingPositions, "the other one, with no stream, does not")
        try test.withClient { client in
            XCTAssertEqual(try setting(client, of: anna, by: ben, enabled: true).status, .ok)
        }
        let hass = try broker.client("hass")
        hass.subscribe("homeward/#")
        let now = Double(test.clock.now().unixMilliseconds) / 1000
        try HTTPTestClient.withServer(other.makeRouter(), mode: .live, configuration: .testing) { client in
            let body = API.LocationBatch(samples: [API.LocationSample(t: now - 30, lat: 51.5123, lon: -0.12, accuracy: 8)])
            XCTAssertEqual(try client.execute(.post, "/v1/locations", headers: anna.auth, body: JSONBody.encode(body)).status.code, 200)
        }
        let attributes = try XCTUnwrap(hass.waitForJSON(on: "homeward/\(anna.id)/attributes") { $0["latitude"] as? Double == 51.5123 },
                                       "the position posted to the other node was published")
        XCTAssertEqual(attributes["longitude"] as? Double, -0.12)
    }

    func testABrokerDownAtStartDoesNotStopTheServerAndIsJoinedWhenItComesBack() throws {
        let broker = try MQTTTestBroker()
        broker.broker.stop()
        let test = try TestApp { configuration in
            configuration.mqtt.url = broker.url
            configuration.mqtt.reconnectMaxSeconds = 1
            configuration.mqtt.clientID = "homeward-down-at-start"
        }
        try test.app.startBackgroundWork()
        let anna = try test.makeAccount(name: "Anna")
        try test.withClient(.live) { client in
            XCTAssertEqual(try client.execute(.get, "/healthz").status, .ok)
            let answer = try setting(client, of: anna, by: anna, enabled: true)
            XCTAssertEqual(answer.status, .ok, answer.text)
            XCTAssertEqual(try answer.decode(API.HomeAssistantSetting.self).broker, "connecting")
        }
        XCTAssertEqual(test.app.mqtt?.isConnected, false)
        try broker.broker.start()
        XCTAssertTrue(Deadline.waitUntil { test.app.mqtt?.isConnected == true }, "joined once the broker is up")
        let hass = try broker.client("hass")
        hass.subscribe("homeassistant/device_tracker/+/config")
        XCTAssertNotNil(hass.waitForJSON(on: "homeassistant/device_tracker/homeward_\(anna.id)/config"), "published once connected")
    }

    func testAnEntityLeftByAnEarlierRunForSomeoneNoLongerShownIsRemovedAtConnection() throws {
        let broker = try MQTTTestBroker()
        let test = try TestApp.connected(to: broker)
        let anna = try test.makeAccount(name: "Anna")
        // A retained config an earlier run published (the setting was turned off while the server was away).
        let homeward = try broker.client("homeward")
        let topic = "homeassistant/device_tracker/homeward_\(anna.id)/config"
        homeward.publish(topic, #"{"unique_id":"homeward_\#(anna.id)"}"#, retain: true)
        let hass = try broker.client("hass")
        hass.subscribe("homeassistant/device_tracker/+/config")
        XCTAssertNotNil(hass.waitForMessage(on: topic) { $0.payload.isEmpty }, "removed")
        // Someone else's entities are left alone.
        homeward.publish("homeassistant/device_tracker/kitchen/config", #"{"unique_id":"kitchen"}"#, retain: true)
        XCTAssertTrue(Deadline.holds(for: 1) { hass.messages.filter { $0.topic.hasSuffix("kitchen/config") }.allSatisfy { !$0.payload.isEmpty } })
    }
}
