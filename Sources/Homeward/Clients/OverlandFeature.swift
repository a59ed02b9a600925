/// One GeoJSON feature of an Overland batch. Most are fixes; the app also queues features that are
/// not (GLManager.m): a logged action (`properties.action`, with the last position if it had one), a
/// visit (`action: "visit"`, with arrival and departure dates) and a finished trip (`type: "trip"`,
/// with mode, start, end, distance, steps). Those carry the time they were written and are kept as
/// reports, never as fixes.
enum OverlandFeature {
    /// A fix, with the first activity of its `motion`.
    case location(LocationSample, MotionActivity?)
    /// Something that is not a fix, kept as the app sent it.
    case report(ClientReport)

    /// The feature, or nil when it cannot be read (no readable time, or a fix without a readable point).
    init?(_ feature: [String: Any]) {
        guard let properties = feature["properties"] as? [String: Any], let time = ClientValues.time(properties["timestamp"]) else {
            return nil
        }
        let point = Self.point(feature)
        let kind: ClientReport.Kind? =
            if let action = properties["action"] as? String { action == "visit" ? .visit : .action } else if properties["type"] as? String == "trip" { .trip } else { nil }
        if let kind {
            let name = kind == .trip ? properties["mode"] as? String : properties["action"] as? String
            self = .report(ClientReport(client: .overland, kind: kind, name: name, time: time, lat: point?.lat, lon: point?.lon, body: feature))
            return
        }
        guard let point else { return nil }
        func nonNegative(_ key: String) -> Double? { ClientValues.number(properties[key]).flatMap { $0 >= 0 ? $0 : nil } }
        let sample = LocationSample(
            time: time, lat: point.lat, lon: point.lon,
            accuracyMetres: nonNegative("horizontal_accuracy"),
            altitudeMetres: ClientValues.number(properties["altitude"]),
            speedMetresPerSecond: nonNegative("speed"),
            headingDegrees: nonNegative("course").map { $0.truncatingRemainder(dividingBy: 360) },
            batteryPercent: nonNegative("battery_level").map { min(100, $0 * 100) }
        )
        self = .location(sample, ClientValues.activity((properties["motion"] as? [String])?.first))
    }

    /// The feature's `Point` as (lat, lon), if it has a readable one.
    private static func point(_ feature: [String: Any]) -> (lat: Double, lon: Double)? {
        guard let geometry = feature["geometry"] as? [String: Any], let coordinates = geometry["coordinates"] as? [Any],
              coordinates.count >= 2, let lon = ClientValues.number(coordinates[0]), let lat = ClientValues.number(coordinates[1])
        else { return nil }
        return (lat, lon)
    }
}
