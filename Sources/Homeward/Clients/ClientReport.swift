import Foundation

/// Something a tracking client reported that is not a fix, kept as what it is in `client_reports`:
/// a Traccar Client alarm other than SOS, an Overland action, visit or trip feature, an OwnTracks card.
struct ClientReport: Sendable, Equatable {
    /// The protocol it came in.
    enum Client: String, Sendable {
        case osmand, overland, owntracks
    }

    /// What it is.
    enum Kind: String, Sendable {
        case alarm, action, visit, trip, card
    }

    var client: Client
    var kind: Kind
    /// The alarm's name, the action's button, the card's name.
    var name: String?
    /// When the phone says it happened.
    var time: Timestamp
    var lat: Double?
    var lon: Double?
    /// The report as the client sent it, every field kept: JSON with sorted keys, so a resent report
    /// has the same text.
    var body: String

    /// A report whose body is the JSON object `object`.
    init(client: Client, kind: Kind, name: String?, time: Timestamp, lat: Double?, lon: Double?, body object: [String: Any]) {
        self.client = client
        self.kind = kind
        self.name = name
        self.time = time
        self.lat = lat
        self.lon = lon
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        body = String(decoding: data, as: UTF8.self)
    }
}
