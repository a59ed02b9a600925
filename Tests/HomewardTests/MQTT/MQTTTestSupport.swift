import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest
@testable import Homeward

/// A broker for one test, with the accounts every MQTT test uses: the server (`homeward`, which may
/// use every topic it needs), two phones (`anna`, `ben`, each limited to its own OwnTracks subtree by
/// the ACL, as docs/mqtt.md recommends) and Home Assistant (`hass`, reading discovery and the
/// server's topics).
struct MQTTTestBroker {
    static let password = "broker-secret"
    let broker: MosquittoBroker

    init() throws {
        broker = try MosquittoBroker(
            users: [("homeward", Self.password), ("anna", Self.password), ("ben", Self.password), ("hass", Self.password),
                    ("stranger", Self.password)],
            acl: """
                user homeward
                topic readwrite owntracks/#
                topic readwrite homeassistant/#
                topic readwrite homeward/#

                user hass
                topic read homeassistant/#
                topic read homeward/#

                pattern readwrite owntracks/%u/#

                """)
        try broker.start()
    }

    /// The server's `--mqtt-url`.
    var url: String { "mqtt://homeward:\(Self.password)@127.0.0.1:\(broker.port)" }

    /// A client logged in as `user`.
    func client(_ user: String) throws -> TestMQTTClient {
        try TestMQTTClient(port: broker.port, user: user, password: Self.password)
    }
}

extension TestApp {
    /// A test app talking to `broker` (friends and entities compared with the database every second).
    static func connected(to broker: MQTTTestBroker, protocolVersion: String = "5", configure: (inout AppConfiguration) -> Void = { _ in }) throws -> TestApp {
        let test = try TestApp { configuration in
            configuration.mqtt.url = broker.url
            configuration.mqtt.protocolVersion = protocolVersion
            configuration.mqtt.clientID = "homeward-test-\(UUID().uuidString.prefix(8))"
            configuration.mqtt.refreshSeconds = 1
            configure(&configuration)
        }
        try test.app.startBackgroundWork()
        XCTAssertTrue(Deadline.waitUntil { test.app.mqtt?.isConnected == true }, "the server did not connect: \(broker.broker.log.suffix(2_000))")
        return test
    }

    /// A device key of `account` whose phone publishes on `topic`, made through the API.
    @discardableResult
    func ownTracksDevice(of account: Account, topic: String, readsOthers: Bool = false, payloadSecret: String? = nil) throws -> String {
        try withClient { client in
            var request = API.DeviceRequest(name: "Phone", readsOthers: readsOthers, payloadSecret: payloadSecret)
            request.ownTracksTopic = topic
            let response = try client.execute(.post, "/v1/me/devices", headers: account.auth, body: JSONBody.encode(request))
            XCTAssertEqual(response.status, .created, response.text)
            return try response.decode(API.NewDevice.self).id
        }
    }

    /// A circular safe zone of `account`, made by `by` through the API.
    func zone(_ name: String, of account: Account, by: Account, lat: Double, lon: Double, home: Bool = false) throws {
        try withClient { client in
            var zone = API.ZoneRequest.circle(name, lat: lat, lon: lon, radius: 100)
            zone.home = home
            let response = try client.execute(.post, "/v1/accounts/\(account.id)/zones", headers: by.auth, body: JSONBody.encode(zone))
            XCTAssertEqual(response.status, .created, response.text)
        }
    }

    /// How many rows `sql` counts.
    func count(_ sql: String, _ arguments: StatementArguments = []) throws -> Int64 {
        try app.database.read { try $0.fetchOne(sql, arguments) ?? 0 }
    }
}

/// An OwnTracks `location` message as the apps publish it.
func ownTracksLocation(lat: Double, lon: Double, at time: Timestamp, battery: Int = 80, accuracy: Int = 10) -> String {
    #"{"_type":"location","lat":\#(lat),"lon":\#(lon),"tst":\#(time.unixMilliseconds / 1000),"acc":\#(accuracy),"batt":\#(battery),"bs":1,"tid":"ph","t":"u","conn":"w"}"#
}
