import HomewardHTTP

/// `GET`/`POST /v1/clients/osmand`: Traccar Client's OsmAnd protocol (query string or form body,
/// or the JSON body of Traccar Client 9). The device id is a device key: 400 when missing or
/// unknown, as Traccar's own server answers an unknown device (CLIENTS.md); 200 once the fix (and
/// the JSON body's `activity.type`, as a motion report) is durable.
func registerOsmAndRoutes(on router: inout Router, app: HomewardApp) {
    let ingest = IngestService(app: app)
    let handler: Route.Handler = { context in
        let sample: LocationSample?
        let deviceKey: String?
        let activity: MotionActivity?
        if let json = ClientValues.object(context.request.body) {
            deviceKey = json["device_id"] as? String
            sample = osmAndJSONSample(json)
            activity = osmAndJSONActivity(json)
        } else {
            var fields: [String: String] = [:]
            let form = (try? QueryParameters(parsing: String(decoding: context.request.body, as: UTF8.self)))?.pairs ?? []
            for (name, value) in context.query.pairs + form where fields[name] == nil { fields[name] = value }
            deviceKey = fields["id"] ?? fields["deviceid"]
            activity = nil
            sample = osmAndQuerySample(fields)
        }
        guard let deviceKey, let caller = try? app.authenticator.authenticate(deviceKey: deviceKey, inHeader: false) else {
            throw HTTPError.invalidRequest("Unknown device.", field: "id")
        }
        guard let sample else { throw HTTPError.invalidRequest("lat, lon and timestamp are required.") }
        let activities = activity.map { [MotionSample(time: sample.time, activity: $0)] } ?? []
        // Answered from the database's finisher thread once the fix is durable; the worker moves on meanwhile.
        return .deferred { completion in
            ingest.storeLocations([.sample(sample)], with: activities, of: caller) { outcome in
                completion(outcome.flatMap { result in
                    if let rejection = result.rejected.first {
                        let field = rejection.field.map { String($0.split(separator: ".").last ?? "") }
                        return .failure(HTTPError.invalidRequest(rejection.message, field: field))
                    }
                    return .success(HTTPResponse(status: .ok))
                })
            }
        }
    }
    router.get("/v1/clients/osmand", handler: handler)
    router.post("/v1/clients/osmand", handler: handler)
}

/// The fix of an OsmAnd query or form: `lat`/`lon` or `location=lat,lon`, `timestamp`, `speed` in knots, ...
func osmAndQuerySample(_ fields: [String: String]) -> LocationSample? {
    var lat = fields["lat"].flatMap(ClientValues.number)
    var lon = fields["lon"].flatMap(ClientValues.number)
    if let location = fields["location"]?.split(separator: ","), location.count == 2 {
        lat = ClientValues.number(String(location[0]))
        lon = ClientValues.number(String(location[1]))
    }
    guard let lat, let lon, let time = ClientValues.time(fields["timestamp"]) else { return nil }
    return LocationSample(
        time: time, lat: lat, lon: lon,
        accuracyMetres: fields["accuracy"].flatMap(ClientValues.number),
        altitudeMetres: fields["altitude"].flatMap(ClientValues.number),
        speedMetresPerSecond: fields["speed"].flatMap(ClientValues.number).map { $0 * ClientValues.metresPerSecondPerKnot },
        headingDegrees: (fields["bearing"] ?? fields["heading"]).flatMap(ClientValues.number).map { $0.truncatingRemainder(dividingBy: 360) },
        batteryPercent: fields["batt"].flatMap(ClientValues.number)
    )
}

/// The fix of Traccar Client's JSON body (`location.coords`, `location.battery.level` 0–1, `location.uuid`).
func osmAndJSONSample(_ body: [String: Any]) -> LocationSample? {
    guard let location = body["location"] as? [String: Any], let coords = location["coords"] as? [String: Any],
          let lat = ClientValues.number(coords["latitude"]), let lon = ClientValues.number(coords["longitude"]),
          let time = ClientValues.time(location["timestamp"]) else { return nil }
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

/// The activity of Traccar Client's JSON body (`location.activity.type`), if it names one.
func osmAndJSONActivity(_ body: [String: Any]) -> MotionActivity? {
    ClientValues.activity(((body["location"] as? [String: Any])?["activity"] as? [String: Any])?["type"] as? String)
}
