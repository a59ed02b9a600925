import Foundation
import HomewardHTTP

/// One message of Traccar Client's OsmAnd protocol, in any of its shapes: a query string or form
/// body (classic and version 10), the JSON object of version 9 (`{location: {coords, ...},
/// device_id}`), or one element of version 10's JSON-array batch (either of those shapes).
///
/// A message may carry no fix at all: version 10 sends heartbeats without a position and posts
/// `notificationToken` alone. Such a message is still the device's word that it is alive.
struct OsmAndMessage: Equatable {
    /// The device identifier the app was configured with: a Homeward device key.
    var deviceKey: String?
    /// The fix, when the message has a position; its time is the message's `timestamp`, or the
    /// moment it arrived when it has none (as Traccar's decoder does).
    var sample: LocationSample?
    /// The activity the version 9 JSON reported (`location.activity.type`).
    var activity: MotionActivity?
    /// `alarm` (query, JSON `location.alarm` or `extras.alarm`): `sos` raises a Homeward SOS.
    var alarm: String?
    /// `event` of the version 9 JSON (e.g. `motionchange`), kept with an alarm's report.
    var event: String?
    /// The push token the app registers (`notificationToken`), kept on the device.
    var notificationToken: String?
    /// The message names a position (or a time) that cannot be read: refused, never taken as a heartbeat.
    var positionUnreadable = false

    /// Whether `request` may carry an SOS (`alarm` and `sos` both in its query or body), looked at
    /// cheaply on the I/O thread so such a request takes the urgent lane; the handler reads it for real.
    static func mayCarrySOS(_ request: HTTPRequest) -> Bool {
        func mentions(_ word: String) -> Bool {
            request.query.contains(word) || request.body.firstRange(of: Array(word.utf8)) != nil
        }
        return mentions("alarm") && mentions("sos")
    }

    /// The messages of a request: its JSON body (one object, or an array of them), else its form
    /// body and query string. Nil when a JSON body is neither an object nor an array of objects.
    static func messages(query: [(String, String)], body: [UInt8], receivedAt now: Timestamp) -> [OsmAndMessage]? {
        let trimmed = body.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }
        if let first = trimmed.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            let json = try? JSONSerialization.jsonObject(with: Data(body))
            if let object = json as? [String: Any] { return [message(json: object, receivedAt: now)] }
            guard let array = json as? [Any] else { return nil }
            var messages: [OsmAndMessage] = []
            for element in array {
                guard let object = element as? [String: Any] else { return nil }
                messages.append(message(json: object, receivedAt: now))
            }
            return messages
        }
        var fields: [String: String] = [:]
        let form = (try? QueryParameters(parsing: String(decoding: body, as: UTF8.self)))?.pairs ?? []
        for (name, value) in query + form where fields[name] == nil { fields[name] = value }
        return [message(fields: fields, receivedAt: now)]
    }

    /// A message of a JSON object: version 9's nested shape, or the flat fields of the form.
    static func message(json object: [String: Any], receivedAt now: Timestamp) -> OsmAndMessage {
        guard let location = object["location"] as? [String: Any] else {
            var fields: [String: String] = [:]
            for (name, value) in object {
                if let text = value as? String { fields[name] = text } else if let number = value as? NSNumber { fields[name] = number.stringValue }
            }
            return message(fields: fields, receivedAt: now)
        }
        let extras = location["extras"] as? [String: Any]
        return OsmAndMessage(
            deviceKey: object["device_id"] as? String,
            sample: jsonSample(location, receivedAt: now),
            activity: ClientValues.activity((location["activity"] as? [String: Any])?["type"] as? String),
            alarm: (location["alarm"] ?? extras?["alarm"]) as? String,
            event: location["event"] as? String,
            notificationToken: (object["notificationToken"] ?? location["notificationToken"]) as? String,
            positionUnreadable: location["coords"] != nil && jsonSample(location, receivedAt: now) == nil
        )
    }

    /// A message of query or form fields: `lat`/`lon` or `location=lat,lon`, `timestamp`, `speed` in knots, ...
    static func message(fields: [String: String], receivedAt now: Timestamp) -> OsmAndMessage {
        OsmAndMessage(
            deviceKey: fields["id"] ?? fields["deviceid"],
            sample: querySample(fields, receivedAt: now),
            alarm: fields["alarm"],
            event: fields["event"],
            notificationToken: fields["notificationToken"],
            positionUnreadable: (fields["lat"] != nil || fields["lon"] != nil || fields["location"] != nil)
                && querySample(fields, receivedAt: now) == nil
        )
    }

    private static func querySample(_ fields: [String: String], receivedAt now: Timestamp) -> LocationSample? {
        var lat = fields["lat"].flatMap(ClientValues.number)
        var lon = fields["lon"].flatMap(ClientValues.number)
        if let location = fields["location"]?.split(separator: ","), location.count == 2 {
            lat = ClientValues.number(String(location[0]))
            lon = ClientValues.number(String(location[1]))
        }
        guard let lat, let lon, let time = time(fields["timestamp"], receivedAt: now) else { return nil }
        return LocationSample(
            time: time, lat: lat, lon: lon,
            accuracyMetres: fields["accuracy"].flatMap(ClientValues.number),
            altitudeMetres: fields["altitude"].flatMap(ClientValues.number),
            speedMetresPerSecond: fields["speed"].flatMap(ClientValues.number).map { $0 * ClientValues.metresPerSecondPerKnot },
            headingDegrees: (fields["bearing"] ?? fields["heading"]).flatMap(ClientValues.number).map { $0.truncatingRemainder(dividingBy: 360) },
            batteryPercent: fields["batt"].flatMap(ClientValues.number)
        )
    }

    private static func jsonSample(_ location: [String: Any], receivedAt now: Timestamp) -> LocationSample? {
        guard let coords = location["coords"] as? [String: Any],
              let lat = ClientValues.number(coords["latitude"]), let lon = ClientValues.number(coords["longitude"]),
              let time = time(location["timestamp"], receivedAt: now) else { return nil }
        func nonNegative(_ value: Any?) -> Double? { ClientValues.number(value).flatMap { $0 >= 0 ? $0 : nil } }
        return LocationSample(
            id: location["uuid"] as? String, time: time, lat: lat, lon: lon,
            accuracyMetres: nonNegative(coords["accuracy"]),
            altitudeMetres: ClientValues.number(coords["altitude"]),
            speedMetresPerSecond: nonNegative(coords["speed"]),
            headingDegrees: nonNegative(coords["heading"]).map { $0.truncatingRemainder(dividingBy: 360) },
            batteryPercent: nonNegative((location["battery"] as? [String: Any])?["level"]).map { min(100, $0 * 100) }
        )
    }

    /// The fix time of `value`: now when absent (Traccar's decoder does the same), nil when unreadable.
    private static func time(_ value: Any?, receivedAt now: Timestamp) -> Timestamp? {
        guard let value, !((value as? String)?.isEmpty ?? false) else { return now }
        return ClientValues.time(value)
    }
}
