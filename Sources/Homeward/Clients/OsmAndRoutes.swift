import HomewardHTTP

/// `GET`/`POST /v1/clients/osmand`: Traccar Client's OsmAnd protocol (query string or form body, the
/// JSON body of Traccar Client 9, or version 10's JSON-array batch). The device id is a device key:
/// 400 when missing or unknown, as Traccar's own server answers an unknown device (CLIENTS.md).
///
/// The app retries the oldest queued message until it gets a 2xx, so a well-formed message is never
/// refused for its time: a fix from a phone whose clock runs ahead is stored at its arrival and
/// flagged `clock_ahead`, one without a `timestamp` is taken as now, and a message without a fix (a
/// version 10 heartbeat, a `notificationToken`) is answered 200 and counts as a heartbeat. `alarm=sos`
/// raises a Homeward SOS (once, however often it is resent); other alarms are kept as reports.
func registerOsmAndRoutes(on router: inout Router, devices: DeviceKeyRoutes, _ services: OsmAndService) {
    let ingest = services.ingest
    let unknownDevice = HTTPError.invalidRequest("Unknown device.", field: "id")
    // The key every message of the request names; more messages than a batch may hold are refused
    // before the key is looked up.
    let device = devices.group(keyedBy: { context in
        guard let messages = OsmAndMessage.messages(query: context.query.pairs, body: context.request.body, receivedAt: services.clock.now()),
              let deviceKey = messages.first?.deviceKey else { return nil }
        guard messages.count <= IngestLimits.maxSamplesPerRequest else {
            throw HTTPError.payloadTooLarge("At most \(IngestLimits.maxSamplesPerRequest) positions a request.")
        }
        return messages.allSatisfy({ $0.deviceKey == deviceKey }) ? deviceKey : nil
    }, refusal: unknownDevice)
    let handler: AuthenticatedRoutes.Handler = { context, caller in
        let now = services.clock.now()
        guard let messages = OsmAndMessage.messages(query: context.query.pairs, body: context.request.body, receivedAt: now) else {
            throw unknownDevice
        }
        if let unreadable = messages.firstIndex(where: \.positionUnreadable) {
            throw HTTPError.invalidRequest(
                "The position of message \(unreadable) cannot be read (lat, lon and timestamp).", field: messages.count > 1 ? "[\(unreadable)]" : nil)
        }
        var samples: [DecodedSample<LocationSample>] = []
        var activities: [MotionSample] = []
        for (index, message) in messages.enumerated() {
            guard var sample = message.sample else { continue }
            sample.correctClockAhead(receivedAt: now)
            if let problem = sample.problem(now: now) {
                // Checked before anything is stored, so a refused request changes nothing.
                throw HTTPError.invalidRequest(problem.message, field: messages.count > 1 ? "[\(index)].\(problem.key)" : problem.key)
            }
            samples.append(.sample(sample))
            if let activity = message.activity { activities.append(MotionSample(time: sample.time, activity: activity)) }
        }
        let alarms = messages.filter { $0.alarm != nil }
        let token = messages.last(where: { $0.notificationToken != nil })?.notificationToken
        guard alarms.isEmpty, token == nil else {
            // Rare messages (an alarm, a new push token): the fix first, then what it carried, each durable.
            try services.storeRare(samples, with: activities, alarms: alarms, token: token, of: caller, at: now)
            return HTTPResponse(status: .ok)
        }
        guard !samples.isEmpty else { return HTTPResponse(status: .ok) }
        // Answered from the database's finisher thread once the fix is durable; the worker moves on meanwhile.
        return .deferred { [samples, activities] completion in
            // Every fix was checked above; what the batch still refuses is a fix sent twice in it.
            ingest.storeLocations(samples, with: activities, of: caller) { outcome in
                completion(outcome.map { _ in HTTPResponse(status: .ok) })
            }
        }
    }
    // An SOS takes the urgent lane, as the app's own SOS does, so no queue of fixes slows it.
    let sosLane = RouteExecution.laneWhen { request in OsmAndMessage.mayCarrySOS(request) ? .urgent : nil }
    device.get("/v1/clients/osmand", execution: sosLane, on: &router, handler: handler)
    device.post("/v1/clients/osmand", execution: sosLane, on: &router, handler: handler)
}
