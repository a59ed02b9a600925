import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// OwnTracks in MQTT mode against a real mosquitto: phones publish as the apps do, the server
/// subscribes with a persistent session, stores their fixes through the same ingest as HTTP (alerts
/// fire), and publishes commands and friends where the apps listen.
final class OwnTracksMQTTTests: XCTestCase {
    func testAMessageOnADeviceTopicIsThatPersonsFixAndRaisesItsAlerts() throws {
        let broker = try MQTTTestBroker()
        let test = try TestApp.connected(to: broker)
        let anna = try test.makeAccount(name: "Anna")
        let ben = try test.makeAccount(name: "Ben")
        try test.link(guardian: ben, dependent: anna)
        try test.ownTracksDevice(of: anna, topic: "owntracks/anna/phone")
        let phone = try broker.client("anna")
        let now = test.clock.now()
        phone.publish("owntracks/anna/phone", ownTracksLocation(lat: 51.5007, lon: -0.1246, at: now.adding(milliseconds: -60_000), battery: 60))
        phone.publish("owntracks/anna/phone", ownTracksLocation(lat: 51.5008, lon: -0.1246, at: now, battery: 9))
        XCTAssertTrue(try Deadline.waitUntil { try test.storedLocations(of: anna).count == 2 }, "both fixes stored")
        XCTAssertEqual(try test.storedLocations(of: anna).last?.batteryPercent, 9)
        XCTAssertTrue(try Deadline.waitUntil {
            try test.count("SELECT count(*) FROM alerts WHERE type = 'low_battery' AND status = 'open' AND account_key = ?", [anna.key]) == 1
        }, "the same alerts as over HTTP")
        // A transition on `/event`, a card on `/info` and steps on `/step`, as the apps publish them.
        phone.publish("owntracks/anna/phone/info", #"{"_type":"card","name":"Anna Phone","tid":"AP"}"#, retain: true)
        phone.publish("owntracks/anna/phone/step", #"{"_type":"steps","steps":420,"from":\#(now.unixMilliseconds / 1000 - 3_600),"to":\#(now.unixMilliseconds / 1000)}"#)
        phone.publish("owntracks/anna/phone/event",
                      #"{"_type":"transition","event":"leave","desc":"Park","lat":51.51,"lon":-0.12,"tst":\#(now.unixMilliseconds / 1000 + 1),"acc":10,"wtst":1,"t":"c"}"#)
        XCTAssertTrue(try Deadline.waitUntil { try test.clientReports(of: anna, kind: .card).count == 1 })
        XCTAssertTrue(try Deadline.waitUntil { try test.count("SELECT count(*) FROM motion WHERE account_key = ?", [anna.key]) == 1 })
        XCTAssertTrue(try Deadline.waitUntil { try test.storedLocations(of: anna).count == 3 })
        // Counted once `receive` has returned, just after the commit the waits above see.
        XCTAssertTrue(Deadline.waitUntil {
            test.app.metrics.value("homeward_mqtt_messages_total", labels: ["outcome": "stored"]) == 5
        }, "\(String(describing: test.app.metrics.value("homeward_mqtt_messages_total", labels: ["outcome": "stored"])))")
        // The device was heard from, as with a key over HTTP.
        let lastUsed: Int64? = try test.app.database.read { try $0.fetchOne("SELECT last_used_at_ms FROM devices WHERE account_key = ?", [anna.key]) }
        XCTAssertNotNil(lastUsed)
    }

    func testATopicWithNoDeviceBehindItIsIgnoredAndCounted() throws {
        let broker = try MQTTTestBroker()
        let test = try TestApp.connected(to: broker)
        let anna = try test.makeAccount(name: "Anna")
        try test.ownTracksDevice(of: anna, topic: "owntracks/anna/phone")
        let stranger = try broker.client("stranger")
        stranger.publish("owntracks/stranger/phone", ownTracksLocation(lat: 51.5, lon: -0.12, at: test.clock.now()))
        XCTAssertTrue(Deadline.waitUntil {
            test.app.metrics.value("homeward_mqtt_messages_total", labels: ["outcome": "unknown_topic"]) == 1
        })
        XCTAssertEqual(try test.count("SELECT count(*) FROM locations"), 0)
        // A device key's topic cannot be another's: the broker decides who may publish there.
        try test.withClient { client in
            let other = try test.makeAccount(name: "Other")
            let request = JSONBody.encode(API.DeviceRequest(name: "Copy", ownTracksTopic: "owntracks/anna/phone"))
            XCTAssertEqual(try client.execute(.post, "/v1/me/devices", headers: other.auth, body: request).status, .conflict)
        }
    }

    func testEncryptedPayloadsAreOpenedAndWhatIsPublishedToThePhoneIsSealed() throws {
        let broker = try MQTTTestBroker()
        let test = try TestApp.connected(to: broker)
        let anna = try test.makeAccount(name: "Anna")
        let secret = "correct horse battery staple"
        let box = OwnTracksPayloadBox(secret: secret)
        try test.zone("Home", of: anna, by: anna, lat: 51.5007, lon: -0.1246, home: true)
        try test.ownTracksDevice(of: anna, topic: "owntracks/anna/phone", payloadSecret: secret)
        let phone = try broker.client("anna")
        phone.subscribe("owntracks/anna/phone/cmd")
        let sealed = box.seal(Array(ownTracksLocation(lat: 51.5007, lon: -0.1246, at: test.clock.now()).utf8))
        phone.publish("owntracks/anna/phone", #"{"_type":"encrypted","data":"\#(sealed)"}"#)
        XCTAssertTrue(try Deadline.waitUntil { try test.storedLocations(of: anna).count == 1 })
        // The zones come back as the phone's waypoints, sealed with its secret.
        let command = try XCTUnwrap(phone.waitForJSON(on: "owntracks/anna/phone/cmd"))
        XCTAssertEqual(command["_type"] as? String, "encrypted")
        let opened = try XCTUnwrap(box.open(try XCTUnwrap(command["data"] as? String)).flatMap { try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] })
        XCTAssertEqual(opened["action"] as? String, "setWaypoints")
        // A payload the secret does not open is refused and counted; nothing is stored.
        phone.publish("owntracks/anna/phone", #"{"_type":"encrypted","data":"\#(OwnTracksPayloadBox(secret: "wrong").seal(Array("{}".utf8)))"}"#)
        XCTAssertTrue(Deadline.waitUntil { test.app.metrics.value("homeward_mqtt_messages_total", labels: ["outcome": "rejected"]) == 1 })
        XCTAssertEqual(try test.storedLocations(of: anna).count, 1)
    }

    func testAGuardiansPhoneSeesThePeopleItGuardsAsFriendsUntilAccessIsTakenBack() throws {
        let broker = try MQTTTestBroker()
        let test = try TestApp.connected(to: broker)
        let anna = try test.makeAccount(name: "Anna")
        let ben = try test.makeAccount(name: "Ben")
        try test.link(guardian: ben, dependent: anna)
        try test.ownTracksDevice(of: anna, topic: "owntracks/anna/phone")
        try test.ownTracksDevice(of: ben, topic: "owntracks/ben/phone", readsOthers: true)
        // Ben's phone subscribes as OwnTracks does by default; the ACL lets it read only owntracks/ben/#.
        let bensPhone = try broker.client("ben")
        for topic in ["owntracks/+/+", "owntracks/+/+/info", "owntracks/+/+/event", "owntracks/ben/phone/cmd"] { bensPhone.subscribe(topic) }
        let annasPhone = try broker.client("anna")
        annasPhone.publish("owntracks/anna/phone", ownTracksLocation(lat: 51.5007, lon: -0.1246, at: test.clock.now()))
        let friend = "owntracks/ben/homeward-\(anna.id)"
        let location = try XCTUnwrap(bensPhone.waitForJSON(on: friend) { $0["_type"] as? String == "location" }, "Anna's position reaches Ben's phone")
        XCTAssertEqual(location["lat"] as? Double, 51.5007)
        let card = try XCTUnwrap(bensPhone.waitForJSON(on: "\(friend)/info"))
        XCTAssertEqual(card["name"] as? String, "Anna")
        XCTAssertEqual(card["tid"] as? String, location["tid"] as? String)
        // A guardian's locate request reaches Anna's phone at once.
        annasPhone.subscribe("owntracks/anna/phone/cmd")
        try test.withClient { client in
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(anna.id)/locate", headers: ben.auth).status, .accepted)
        }
        XCTAssertNotNil(annasPhone.waitForJSON(on: "owntracks/anna/phone/cmd") { $0["action"] as? String == "reportLocation" })
        // Anna ends the link: her position is taken off Ben's phone (an empty retained message).
        try test.app.database.write { db in try db.execute("DELETE FROM links WHERE guardian_key = ?", ben.key) }
        XCTAssertNotNil(bensPhone.waitForMessage(on: friend) { $0.payload.isEmpty }, "the friend is cleared")
        XCTAssertNotNil(bensPhone.waitForMessage(on: "\(friend)/info") { $0.payload.isEmpty })
        let late = try broker.client("ben")
        late.subscribe("owntracks/ben/+")
        XCTAssertTrue(Deadline.holds(for: 1) { late.messages.allSatisfy { $0.topic != friend } }, "nothing retained for a new subscriber")
    }

    func testTheServerReconnectsAfterABrokerRestartAndGetsWhatWasPublishedWhileItWasAway() throws {
        let broker = try MQTTTestBroker()
        let test = try TestApp.connected(to: broker, protocolVersion: "3.1.1") { $0.mqtt.reconnectMaxSeconds = 1 }
        let anna = try test.makeAccount(name: "Anna")
        try test.ownTracksDevice(of: anna, topic: "owntracks/anna/phone")
        broker.broker.stop()
        XCTAssertTrue(Deadline.waitUntil { test.app.mqtt?.isConnected == false })
        try broker.broker.start()
        XCTAssertTrue(Deadline.waitUntil { test.app.mqtt?.isConnected == true }, "reconnected")
        let phone = try broker.client("anna")
        phone.publish("owntracks/anna/phone", ownTracksLocation(lat: 51.5, lon: -0.12, at: test.clock.now().adding(milliseconds: -120_000)))
        XCTAssertTrue(try Deadline.waitUntil { try test.storedLocations(of: anna).count == 1 })
        // The server goes away; the phone publishes; the broker keeps it for the server's session.
        test.app.mqtt?.stop()
        phone.publish("owntracks/anna/phone", ownTracksLocation(lat: 51.501, lon: -0.12, at: test.clock.now().adding(milliseconds: -60_000)))
        phone.publish("owntracks/anna/phone", ownTracksLocation(lat: 51.502, lon: -0.12, at: test.clock.now()))
        XCTAssertTrue(try Deadline.holds(for: 0.5) { try test.storedLocations(of: anna).count == 1 })
        let again = try test.makeOtherNode()
        defer { try? again.close() }
        try again.startBackgroundWork()
        XCTAssertTrue(try Deadline.waitUntil { try test.storedLocations(of: anna).count == 3 }, "delivered when the server came back: \(broker.broker.log.suffix(1_500))")
    }
}

/// The queue between the network thread and the worker is bounded: past `maxQueuedMessages` the
/// broker holds the rest, and nothing is dropped.
final class MQTTQueueTests: XCTestCase {
    func testAFullQueueHoldsMessagesAtTheBrokerAndLosesNone() throws {
        let broker = try MQTTTestBroker()
        let test = try TestApp.connected(to: broker) { $0.mqtt.maxQueuedMessages = 1 }
        let anna = try test.makeAccount(name: "Anna")
        try test.ownTracksDevice(of: anna, topic: "owntracks/anna/phone")
        let phone = try broker.client("anna")
        let start = test.clock.now().adding(milliseconds: -3_600_000)
        for minute in 0..<40 {
            phone.publish("owntracks/anna/phone", ownTracksLocation(lat: 51.5 + Double(minute) * 0.0001, lon: -0.12, at: start.adding(milliseconds: Int64(minute) * 60_000)))
        }
        XCTAssertTrue(try Deadline.waitUntil { try test.storedLocations(of: anna).count == 40 }, "all 40 stored")
    }
}
