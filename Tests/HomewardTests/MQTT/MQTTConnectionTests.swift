import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// The connection itself against a real mosquitto: what a crash between receiving and storing
/// leaves at the broker, and a process with more than 1,024 descriptors open.
final class MQTTConnectionTests: XCTestCase {
    private struct DatabaseAway: Error {}

    /// A QoS 1 message the server received but did not store (the database away) is not
    /// acknowledged: when the server dies then, the broker delivers it again to the next run.
    func testAMessageReceivedButNotStoredWhenTheServerDiesComesAgainAtTheNextStart() throws {
        for version in ["5", "3.1.1"] {
            let broker = try MQTTTestBroker()
            let test = try TestApp.connected(to: broker, protocolVersion: version)
            let anna = try test.makeAccount(name: "Anna")
            try test.ownTracksDevice(of: anna, topic: "owntracks/anna/phone")
            let mqtt = try XCTUnwrap(test.app.mqtt)
            mqtt.holdMessages(DatabaseAway())
            let phone = try broker.client("anna")
            phone.publish("owntracks/anna/phone", ownTracksLocation(lat: 51.5, lon: -0.12, at: test.clock.now().adding(milliseconds: -60_000)))
            XCTAssertTrue(Deadline.waitUntil { mqtt.queuedMessages == 1 }, "received (MQTT \(version))")
            // The worker tries again with back-off meanwhile; the message stays unacknowledged.
            XCTAssertTrue(Deadline.holds(for: 0.3) { mqtt.queuedMessages == 1 })
            mqtt.stopAsIfKilled()
            XCTAssertEqual(try test.storedLocations(of: anna).count, 0)
            let again = try test.makeOtherNode()
            defer { try? again.close() }
            try again.startBackgroundWork()
            XCTAssertTrue(try Deadline.waitUntil { try test.storedLocations(of: anna).count == 1 },
                          "delivered again (MQTT \(version)): \(broker.broker.log.suffix(1_500))")
            XCTAssertTrue(try Deadline.holds(for: 0.3) { try test.storedLocations(of: anna).count == 1 }, "stored once")
        }
    }

    /// A message the database refused for a while is acknowledged once stored, and not again.
    func testAMessageTheDatabaseRefusedIsStoredOnceWhenItIsBack() throws {
        let broker = try MQTTTestBroker()
        let test = try TestApp.connected(to: broker)
        let anna = try test.makeAccount(name: "Anna")
        try test.ownTracksDevice(of: anna, topic: "owntracks/anna/phone")
        let mqtt = try XCTUnwrap(test.app.mqtt)
        mqtt.holdMessages(DatabaseAway())
        let phone = try broker.client("anna")
        let start = test.clock.now().adding(milliseconds: -600_000)
        for minute in 0..<3 {
            phone.publish("owntracks/anna/phone", ownTracksLocation(lat: 51.5 + Double(minute) * 0.001, lon: -0.12, at: start.adding(milliseconds: Int64(minute) * 60_000)))
        }
        XCTAssertTrue(Deadline.waitUntil { mqtt.queuedMessages >= 1 })
        mqtt.holdMessages(nil)
        XCTAssertTrue(try Deadline.waitUntil { try test.storedLocations(of: anna).count == 3 }, "all three stored")
        // A clean stop acknowledges what was stored: the next run gets nothing again.
        mqtt.stop()
        let again = try test.makeOtherNode()
        defer { try? again.close() }
        try again.startBackgroundWork()
        XCTAssertTrue(Deadline.waitUntil { again.mqtt?.isConnected == true })
        phone.publish("owntracks/anna/phone", ownTracksLocation(lat: 51.51, lon: -0.12, at: test.clock.now()))
        XCTAssertTrue(try Deadline.waitUntil { try test.storedLocations(of: anna).count == 4 })
        XCTAssertEqual(again.metrics.value("homeward_mqtt_messages_total", labels: ["outcome": "stored"]), 1, "nothing delivered twice")
    }

    /// libmosquitto's own loop waits in `select`, which aborts the process on a descriptor numbered
    /// 1,024 or more; the server's loop polls, so a process with many files and sockets open talks
    /// MQTT as well as any.
    func testTheClientWorksWhenItsDescriptorsAreNumberedAbove1024() throws {
        var limit = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit), 0)
        if limit.rlim_cur < 1_400 {
            limit.rlim_cur = min(limit.rlim_max, 1_400)
            XCTAssertEqual(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit), 0)
        }
        try XCTSkipIf(limit.rlim_cur < 1_400, "the hard limit of open files is \(limit.rlim_max)")
        // The broker and the test's own clients (on libmosquitto's `select` loop) come first, low.
        let broker = try MQTTTestBroker()
        let phone = try broker.client("anna")
        let hass = try broker.client("hass")
        hass.subscribe("homeward/status")
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        while opened.count < 1_100 {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            XCTAssertGreaterThanOrEqual(descriptor, 0)
            opened.append(descriptor)
        }
        XCTAssertGreaterThan(opened.max() ?? 0, 1_024)
        let test = try TestApp.connected(to: broker)
        let anna = try test.makeAccount(name: "Anna")
        try test.ownTracksDevice(of: anna, topic: "owntracks/anna/phone")
        phone.publish("owntracks/anna/phone", ownTracksLocation(lat: 51.5, lon: -0.12, at: test.clock.now()))
        XCTAssertTrue(try Deadline.waitUntil { try test.storedLocations(of: anna).count == 1 }, "stored")
        // Something published by the server reaches a subscriber too (the write side of the socket).
        XCTAssertNotNil(hass.waitForMessage(on: "homeward/status") { $0.payload == Array("online".utf8) })
    }
}
