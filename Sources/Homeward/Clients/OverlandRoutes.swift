import Foundation
import HomewardHTTP

/// `POST /v1/clients/overland`: Overland's batch of GeoJSON features. Answers exactly
/// `{"result":"ok"}` once the batch is durable (anything else makes the app keep it and send it
/// again). `current`, the newest point the app holds back while it uploads a backlog, is stored with
/// the batch, so it is the latest position at once. A feature that cannot be read fails the whole
/// batch with 400 naming it: the phone keeps the batch rather than losing the point.
func registerOverlandRoutes(on router: inout Router, trackingClient: AuthenticatedRoutes, _ services: OverlandRoutesDependencies) {
    let ingest = services.ingest
    let ok = Array(#"{"result":"ok"}"#.utf8)
    trackingClient.post("/v1/clients/overland", on: &router) { context, caller in
        guard let body = ClientValues.object(context.request.body), let features = body["locations"] as? [Any] else {
            throw HTTPError.invalidRequest("The body must be {\"locations\": [GeoJSON Feature, ...]}.", field: "locations")
        }
        guard features.count <= IngestLimits.maxSamplesPerRequest else {
            throw HTTPError.payloadTooLarge("At most \(IngestLimits.maxSamplesPerRequest) features a batch.")
        }
        let now = services.clock.now()
        var named = features.enumerated().map { (path: "locations[\($0.offset)]", feature: $0.element) }
        if let current = body["current"] { named.append((path: "current", feature: current)) }
        var locations: [DecodedSample<LocationSample>] = []
        var activities: [MotionSample] = []
        var reports: [ClientReport] = []
        for (path, element) in named {
            guard let object = element as? [String: Any], let feature = OverlandFeature(object) else {
                throw HTTPError.invalidRequest("\(path) cannot be read: a Feature needs a Point and an ISO 8601 timestamp.", field: path)
            }
            switch feature {
            case .location(var sample, let activity):
                sample.correctClockAhead(receivedAt: now)
                if let problem = sample.problem(now: now) {
                    throw HTTPError.invalidRequest("\(path): \(problem.message)", field: "\(path).\(problem.key)")
                }
                locations.append(.sample(sample))
                if let activity { activities.append(MotionSample(time: sample.time, activity: activity)) }
            case .report(let report):
                reports.append(report)
            }
        }
        let account = caller.accountKey
        // Answered from the database's finisher thread once fixes, activities and reports are durable.
        return .deferred { [locations, activities, reports] completion in
            ingest.storeLocations(locations, with: activities, of: caller, alsoWriting: { db, now in
                let store = ClientReportStore(db: db)
                for report in reports { try store.insert(report, of: account, receivedAt: now) }
            }) { outcome in
                // Every point was checked above; what the batch still refuses is a point sent twice in it.
                completion(outcome.map { _ in HTTPResponse(headers: ["Content-Type": "application/json"], bytes: ok) })
            }
        }
    }
}
