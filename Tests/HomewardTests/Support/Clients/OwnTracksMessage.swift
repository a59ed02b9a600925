/// A message of an OwnTracks reply as the app reads it: a card, a location, a command, or an
/// encrypted envelope of one of these; only the fields the tests look at.
struct OwnTracksMessage: Decodable {
    /// The waypoints a `setWaypoints` command carries.
    struct Waypoints: Decodable {
        /// One waypoint: a circular region.
        struct Waypoint: Decodable {
            let desc: String
            let lat: Double
            let lon: Double
            let rad: Int
        }

        let waypoints: [Waypoint]
    }

    let type: String
    let tid: String?
    let name: String?
    let face: String?
    let lat: Double?
    let lon: Double?
    let tst: Int64?
    let vel: Int?
    let topic: String?
    let action: String?
    let waypoints: Waypoints?
    /// The sealed message of an `encrypted` envelope.
    let data: String?

    private enum CodingKeys: String, CodingKey {
        case type = "_type"
        case tid, name, face, lat, lon, tst, vel, topic, action, waypoints, data
    }
}
