import Foundation
import HomewardGeo
import HomewardStore
import Synchronization

/// Home Assistant through MQTT discovery: for every person shown (`home_assistant_people`) a
/// `device_tracker` (retained config with `unique_id`, `source_type: gps`, `json_attributes_topic`,
/// availability on the server's status) and an `event` entity for their alerts, on one device named
/// after the person; then each new position as attributes (`latitude`, `longitude`, `gps_accuracy`,
/// `battery_level`, ..., and the Homeward zone as `zone`), from which Home Assistant places the
/// person and finds its own zone; all retained. The config carries no `state_topic`,
/// `payload_home` or `payload_not_home`: Home Assistant deprecated them for MQTT device trackers
/// (a warning from 2025, ignored from 2027.1). The Homeward zone is still published on the server's
/// own `<prefix>/<id>/state` (`home` for the home zone, the zone's name for another, `not_home`
/// outside) for automations. Each alert, raised
/// or changed, as an event on `<prefix>/<id>/alert` (not retained). Turning it off publishes empty
/// retained configs, which removes the entities. The YAML-free path: Home Assistant's MQTT
/// integration on the same broker finds the people by itself.
final class HomeAssistantPublisher: Sendable {
    let topics: HomeAssistantTopics
    private let database: any DatabaseReader
    private let statusBoard: PersonStatusBoard
    private let publisher: MQTTPublisher
    /// The people whose entities this run published (account key to id), so those turned off or
    /// deleted are removed.
    private let shown = Mutex<[AccountKey: String]>([:])

    /// A publisher of the people in `database`, on `topics`, through `publisher`.
    init(topics: HomeAssistantTopics, database: any DatabaseReader, statusBoard: PersonStatusBoard, publisher: MQTTPublisher) {
        self.topics = topics
        self.database = database
        self.statusBoard = statusBoard
        self.publisher = publisher
    }

    /// Publishes every person shown (configs and state), and removes those no longer shown.
    func publishAll() throws {
        let people = try database.read { try HomeAssistantStore(db: $0).people() }
        let now = Dictionary(people.map { ($0.key, $0.id) }, uniquingKeysWith: { first, _ in first })
        let gone = shown.withLock { shown in
            defer { shown = now }
            return shown.filter { now[$0.key] == nil }
        }
        for (_, id) in gone { remove(id) }
        for (key, id) in people { try publish(key, id: id) }
    }

    /// Publishes or removes `account` as its setting now says.
    func settingChanged(_ account: AccountKey) throws {
        let (isShown, id) = try database.read { db in
            (try HomeAssistantStore(db: db).isShown(account), try AccountStore(db: db).overview(of: account)?.id)
        }
        let before = shown.withLock { shown in
            defer { shown[account] = isShown ? id : nil }
            return shown[account]
        }
        if isShown, let id { try publish(account, id: id) } else if let gone = before ?? id { remove(gone) }
    }

    /// Publishes the position and zone of `account`, if it is shown.
    func locationChanged(_ account: AccountKey) throws {
        guard let id = shown.withLock({ $0[account] }) else { return }
        try publishState(account, id: id)
    }

    /// Publishes the alert event of `account` (the alert's JSON as the API shows it), if it is shown.
    func alertChanged(_ account: AccountKey, alert payload: [UInt8]) throws {
        guard let id = shown.withLock({ $0[account] }) else { return }
        guard let alert = try? JSONDecoder().decode(AlertFacts.self, from: Data(payload)) else { return }
        let name = try database.read { try AccountStore(db: $0).overview(of: account)?.name } ?? ""
        var event: [String: Any] = [
            "event_type": alert.type, "id": alert.id, "type": alert.type, "status": alert.status,
            "title": AlertType(rawValue: alert.type)?.title ?? alert.type, "person": name, "person_id": id,
            "created_at": alert.createdAt,
        ]
        event["message"] = alert.message
        if let location = alert.location {
            event["latitude"] = location.lat
            event["longitude"] = location.lon
            event["gps_accuracy"] = location.accuracy
        }
        publisher.publishEvent(topics.alert(id), try Self.json(event))
    }

    /// A retained discovery config seen at the broker: removed when the person is no longer shown
    /// (an earlier run left it, and the person was turned off or deleted since).
    func configSeen(_ topic: String, payload: [UInt8]) throws {
        guard !payload.isEmpty, let id = topics.accountID(ofConfig: topic) else { return }
        let isShown = try database.read { db in
            guard let key = try AccountStore(db: db).key(ofAccount: id) else { return false }
            return try HomeAssistantStore(db: db).isShown(key)
        }
        if !isShown { publisher.clear(topic) }
    }

    private func publish(_ account: AccountKey, id: String) throws {
        guard let name = try database.read({ try AccountStore(db: $0).overview(of: account)?.name }) else { return }
        let uniqueID = HomeAssistantTopics.uniqueID(of: id)
        let device: [String: Any] = [
            "identifiers": [uniqueID], "name": name, "manufacturer": "Homeward", "model": "Person looked after",
        ]
        let availability: [String: Any] = [
            "availability_topic": topics.status, "payload_available": "online", "payload_not_available": "offline",
        ]
        let origin: [String: Any] = ["name": "Homeward"]
        let tracker: [String: Any] = [
            "name": NSNull(), "unique_id": uniqueID, "source_type": "gps", "json_attributes_topic": topics.attributes(id),
            "icon": "mdi:account", "qos": 1, "device": device, "origin": origin,
        ].merging(availability) { $1 }
        let alerts: [String: Any] = [
            "name": "Alert", "unique_id": "\(uniqueID)_alert", "state_topic": topics.alert(id),
            "event_types": AlertType.allCases.map(\.rawValue), "icon": "mdi:alert", "qos": 1, "device": device, "origin": origin,
        ].merging(availability) { $1 }
        publisher.publishRetained(topics.trackerConfig(id), try Self.json(tracker))
        publisher.publishRetained(topics.alertConfig(id), try Self.json(alerts))
        try publishState(account, id: id)
    }

    private func publishState(_ account: AccountKey, id: String) throws {
        let (latest, zones) = try database.read { db in
            (try LocationStore(db: db).latest(of: account), try ZoneStore(db: db).zones(of: account))
        }
        guard let fix = latest?.fix else { return }
        // The zone the geo reactions concluded (with their margins); after a restart, before the
        // person's next fix, the zone the position lies in.
        let zoneName = statusBoard.status(of: account).map(\.zone) ?? zones.first { zone in
            zone.safeZone.shape.signedDistanceToEdgeMetres(from: SphericalPoint(Coordinate(lat: fix.lat, lon: fix.lon))) <= 0
        }?.name
        let zone = zoneName.flatMap { name in zones.first { $0.name == name } }
        let state = zone.map { $0.home ? "home" : $0.name } ?? "not_home"
        var attributes: [String: Any] = [
            "latitude": fix.lat, "longitude": fix.lon, "last_fix": fix.time.rfc3339, "zone": zoneName ?? NSNull(), "source": "homeward",
        ]
        attributes["gps_accuracy"] = fix.accuracyMetres.map { ($0 * 10).rounded() / 10 }
        attributes["battery_level"] = fix.batteryPercent.map { Int($0.rounded()) }
        attributes["altitude"] = fix.altitudeMetres
        attributes["speed"] = fix.speedMetresPerSecond
        attributes["course"] = fix.headingDegrees
        publisher.publishRetained(topics.attributes(id), try Self.json(attributes))
        publisher.publishRetained(topics.state(id), Array(state.utf8))
    }

    private func remove(_ id: String) {
        for topic in [topics.trackerConfig(id), topics.alertConfig(id), topics.state(id), topics.attributes(id)] {
            publisher.clear(topic)
        }
    }

    private static func json(_ object: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
    }

    /// What an alert event needs of the alert's JSON.
    private struct AlertFacts: Decodable {
        struct Location: Decodable {
            var lat: Double
            var lon: Double
            var accuracy: Double?
        }
        var id: String
        var type: String
        var status: String
        var message: String?
        var createdAt: String
        var location: Location?
    }
}
