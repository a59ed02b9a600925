import Foundation
import HomewardHTTP

/// `POST /v1/clients/overland`: Overland's batch of GeoJSON Point features. Answers exactly
/// `{"result":"ok"}` once the batch is durable (anything else makes the app send it again).
func registerOverlandRoutes(on router: inout Router, app: HomewardApp) {
    let ingest = IngestService(app: app)
    let ok = Array(#"{"result":"ok"}"#.utf8)
    router.post("/v1/clients/overland") { context in
        let caller = try app.authenticator.authenticateClient(context)
        guard let body = ClientValues.object(context.request.body), let features = body["locations"] as? [Any] else {
            throw HTTPError.invalidRequest("The body must be {\"locations\": [GeoJSON Feature, ...]}.", field: "locations")
        }
        var locations: [DecodedSample<LocationSample>] = []
        var activities: [MotionSample] = []
        for case let feature as [String: Any] in features {
            guard let (location, activity) = overlandSample(feature) else { continue }
            locations.append(.sample(location))
            if let activity { activities.append(MotionSample(time: location.time, activity: activity)) }
        }
        // Answered from the database's finisher thread once fixes and activities are durable.
        return .deferred { [locations, activities] completion in
            ingest.storeLocations(locations, with: activities, of: caller) { outcome in
                completion(outcome.map { _ in HTTPResponse(headers: ["Content-Type": "application/json"], bytes: ok) })
            }
        }
    }
}

/// The fix (and activity, from the first `motion` entry) of one Overland feature.
func overlandSample(_ feature: [String: Any]) -> (LocationSample, MotionActivity?)? {
    guard let geometry = feature["geometry"] as? [String: Any], let coordinates = geometry["coordinates"] as? [Any],
          coordinates.count >= 2, let lon = ClientValues.number(coordinates[0]), let lat = ClientValues.number(coordinates[1]),
          let properties = feature["properties"] as? [String: Any], let time = ClientValues.time(properties["timestamp"])
    else { return nil }
    func nonNegative(_ key: String) -> Double? { ClientValues.number(properties[key]).flatMap { $0 >= 0 ? $0 : nil } }
    let sample = LocationSample(
        time: time, lat: lat, lon: lon,
        accuracyMetres: nonNegative("horizontal_accuracy"),
        altitudeMetres: ClientValues.number(properties["altitude"]),
        speedMetresPerSecond: nonNegative("speed"),
        headingDegrees: nonNegative("course").map { $0.truncatingRemainder(dividingBy: 360) },
        batteryPercent: nonNegative("battery_level").map { min(100, $0 * 100) }
    )
    return (sample, ClientValues.activity((properties["motion"] as? [String])?.first))
}
