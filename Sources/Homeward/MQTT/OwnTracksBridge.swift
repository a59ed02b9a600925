import Foundation
import Synchronization
import HomewardStore
import Logging

/// OwnTracks in MQTT mode: a message on a device's topic (`owntracks/arthur/phone`, or under it:
/// `/event`, `/info`, `/step`) is that person's, handled by the same `OwnTracksService` as HTTP mode
/// (fixes through the same ingest, so alerts fire and a stored fix is durable); the answers go where
/// the apps listen: the commands due on `<topic>/cmd`, and the people the device may see as friends
/// on `<prefix>/<user>/homeward-<id>` (`location`) and `.../info` (`card`), retained, which both
/// apps' default subscriptions (`owntracks/+/+`, `owntracks/+/+/info`) receive. Friends are published
/// under the phone's own user level, so a broker ACL of `pattern readwrite owntracks/%u/#` shows each
/// phone its own friends and nobody else's; a friend no longer visible is cleared (an empty retained
/// message: the apps remove the contact).
///
/// A topic with no device behind it is ignored and counted (`homeward_mqtt_messages_total`
/// `{outcome="unknown_topic"}`). Payloads encrypted with the device's payload secret are opened, and
/// everything published to its phone is sealed with it.
struct OwnTracksBridge: Sendable {
    /// What the messages mean.
    let owntracks: OwnTracksService
    /// Finds the device of a topic and notes the phone's heartbeat.
    let authenticate: @Sendable (String) throws -> Caller?
    /// The OwnTracks topic prefix (`owntracks`).
    let prefix: String
    /// Where the answers go.
    let publisher: MQTTPublisher
    /// What each user level holds now: the friends published under it (account ids).
    let published: PublishedFriends
    let logger: Logger

    /// The topics to subscribe to: every device's topic and the levels under it.
    var subscriptions: [String] { ["\(prefix)/+/+", "\(prefix)/+/+/+"] }

    /// What became of one message.
    enum Outcome: String {
        /// Something Homeward keeps was stored.
        case stored
        /// A message with nothing to keep (`lwt`, `waypoints`, an empty payload, the server's own).
        case ignored
        /// No device has the topic.
        case unknownTopic = "unknown_topic"
        /// The payload is not an OwnTracks message, or does not open with the device's secret.
        case rejected
    }

    /// Handles `message`; throws only what the database threw (the caller retries those).
    func receive(_ message: MQTTMessage) throws -> Outcome {
        let levels = message.topic.split(separator: "/", omittingEmptySubsequences: false)
        guard levels.count == 3 || levels.count == 4, levels[0] == prefix else { return .ignored }
        let base = levels.prefix(3).joined(separator: "/")
        if levels[2].hasPrefix(OwnTracksTopic.serverDevicePrefix) {
            // The server's own friends, sent back by the broker: at connection time the retained ones
            // show what an earlier run left there; any no longer allowed is cleared.
            if message.retained, !message.payload.isEmpty { try clearIfNotAllowed(base) }
            return .ignored
        }
        if levels.count == 4, levels[3] == "cmd" { return .ignored }
        guard !message.payload.isEmpty else { return .ignored }
        guard let caller = try authenticate(base) else { return .unknownTopic }
        let box = try owntracks.payloadBox(ofDevice: caller.deviceID)
        let opened: [String: Any]
        do {
            opened = try owntracks.open(message.payload, with: box)
        } catch {
            logger.notice("OwnTracks MQTT message refused", metadata: ["topic": "\(message.topic)", "reason": "\(error.message)"])
            return .rejected
        }
        // A retained card (iOS publishes its own) comes again at every subscription: kept once.
        if message.retained, opened["_type"] as? String == "card" { return .ignored }
        let stored = try owntracks.store(opened, of: caller)
        for command in try owntracks.commands(for: caller) {
            publisher.publishEvent("\(base)/cmd", try Self.encode(command, box: box))
        }
        try publishFriends(under: Self.userLevel(of: base))
        return stored ? .stored : .ignored
    }

    /// Publishes, retained, the friends of the phones under the user level `user` (`owntracks/ben/`):
    /// the people the accounts of its devices made to read others guard (phones sharing one broker
    /// user share their friends, as the broker would show them anyway), sealed with the first such
    /// device's secret; clears those published before and no longer visible.
    func publishFriends(under user: String) throws {
        let viewers = try owntracks.database.read { db in try DeviceStore(db: db).ownTracksDevices(under: user) }
            .filter { $0.readsOthers }
        var friends: [OwnTracksService.Friend] = []
        var seen: Set<String> = []
        for viewer in viewers {
            for friend in try owntracks.friends(of: Authenticator.caller(ofOwnTracksDevice: viewer), includingCaller: false)
            where seen.insert(friend.accountID).inserted {
                friends.append(friend)
            }
        }
        let box = try viewers.first.flatMap { try owntracks.payloadBox(ofDevice: $0.id) }
        for (friend, tid) in zip(friends, OwnTracksTrackerIDs.assign(to: friends.map { $0.card["name"] as? String ?? "" })) {
            let topic = "\(user)\(OwnTracksTopic.serverDevicePrefix)\(friend.accountID)"
            publisher.publishRetained("\(topic)/info", try Self.encode(friend.card.merging(["tid": tid]) { $1 }, box: box))
            if let location = friend.location {
                publisher.publishRetained(topic, try Self.encode(location.merging(["tid": tid]) { $1 }, box: box))
            }
        }
        for id in published.replace(seen, under: user) { clear("\(user)\(OwnTracksTopic.serverDevicePrefix)\(id)") }
    }

    /// Publishes the friends of every phone in MQTT mode, and clears every user level no phone shows friends under any more.
    func publishAllFriends() throws {
        let devices = try owntracks.database.read { db in try DeviceStore(db: db).allOwnTracksDevices() }
        let users = Set(devices.filter { $0.readsOthers && $0.topic.hasPrefix("\(prefix)/") }.map { Self.userLevel(of: $0.topic) })
        for user in users.sorted() { try publishFriends(under: user) }
        for user in published.users where !users.contains(user) {
            for id in published.replace([], under: user) { clear("\(user)\(OwnTracksTopic.serverDevicePrefix)\(id)") }
        }
    }

    /// Publishes the news of `account` (it moved) to every phone that shows it.
    func personChanged(_ account: AccountKey) throws {
        let viewers: [OwnTracksDevice] = try owntracks.database.read { db in
            try owntracks.accessPolicy.guardians(of: account, in: db).flatMap { try DeviceStore(db: db).ownTracksDevices(of: $0) }
        }
        for user in Set(viewers.filter(\.readsOthers).map { Self.userLevel(of: $0.topic) }).sorted() { try publishFriends(under: user) }
    }

    /// Sends the commands due (a guardian's locate request) to every phone of `account` in MQTT mode.
    func commandsDue(for account: AccountKey) throws {
        let devices = try owntracks.database.read { db in try DeviceStore(db: db).ownTracksDevices(of: account) }
        for device in devices {
            let box = try owntracks.payloadBox(ofDevice: device.id)
            for command in try owntracks.commands(for: Authenticator.caller(ofOwnTracksDevice: device)) {
                publisher.publishEvent("\(device.topic)/cmd", try Self.encode(command, box: box))
            }
        }
    }

    /// Clears the friend on `topic` (`<prefix>/<user>/homeward-<id>`) unless a phone of that user may
    /// still see them.
    private func clearIfNotAllowed(_ topic: String) throws {
        let user = Self.userLevel(of: topic)
        let id = String(topic.dropFirst(user.count + OwnTracksTopic.serverDevicePrefix.count))
        let allowed: Bool = try owntracks.database.read { db in
            guard let person = try AccountStore(db: db).key(ofAccount: id) else { return false }
            for device in try DeviceStore(db: db).ownTracksDevices(under: user) where device.readsOthers {
                let viewer = Authenticator.caller(ofOwnTracksDevice: device)
                if try owntracks.accessPolicy.dependents(of: viewer, in: db).contains(person) { return true }
            }
            return false
        }
        if !allowed { clear(topic) }
    }

    private func clear(_ topic: String) {
        publisher.clear("\(topic)/info")
        publisher.clear(topic)
    }

    /// `<prefix>/<user>/` of a topic `<prefix>/<user>/<device>`.
    static func userLevel(of topic: String) -> String {
        topic.split(separator: "/", omittingEmptySubsequences: false).prefix(2).joined(separator: "/") + "/"
    }

    /// The JSON of `object`, sealed as `{"_type":"encrypted","data":...}` with `box` when the device has a secret.
    static func encode(_ object: [String: Any], box: OwnTracksPayloadBox?) throws -> [UInt8] {
        let plain = Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
        guard let box else { return plain }
        return Array(try JSONSerialization.data(withJSONObject: ["_type": "encrypted", "data": box.seal(plain)], options: [.sortedKeys]))
    }
}

/// The friends published under each user level (`owntracks/arthur/`), by account id, so those no
/// longer visible can be cleared.
final class PublishedFriends: Sendable {
    private let friends = Mutex<[String: Set<String>]>([:])

    /// The user levels that have friends published.
    var users: [String] { friends.withLock { Array($0.keys) } }

    /// Records `ids` as the friends under `user`; returns those published before and not now.
    func replace(_ ids: Set<String>, under user: String) -> Set<String> {
        friends.withLock { friends in
            let before = friends[user] ?? []
            friends[user] = ids.isEmpty ? nil : ids
            return before.subtracting(ids)
        }
    }
}
