import HomewardHTTP
import HomewardStore

/// What `/v1/clients/osmand` does with checked messages: stores their fixes and activities through
/// the ingest service, and for the rare message that carries more than a fix, raises the SOS of
/// `alarm=sos` as every SOS is raised and keeps the other alarms and a new push token.
struct OsmAndService: Sendable {
    /// Stores the fixes and activities.
    let ingest: IngestService
    /// Holds push tokens and the alarms kept as reports.
    let database: any DatabaseWriter
    /// Raises the SOS of `alarm=sos` as every SOS is raised, once however often it is resent.
    let alerts: AlertService
    /// The time the message arrived.
    let clock: any WallClock

    /// Stores `samples` and `activities` of messages that also carry `alarms` or a push `token`: the
    /// fix first, then what they carried, each durable, at `now` (when they arrived).
    func storeRare(
        _ samples: [DecodedSample<LocationSample>], with activities: [MotionSample],
        alarms: [OsmAndMessage], token: String?, of caller: Caller, at now: Timestamp
    ) throws {
        _ = try ingest.storeLocations(samples, with: activities, of: caller)
        // An SOS is raised by the alert service, as the app's own SOS is.
        for message in alarms where message.alarm == "sos" {
            let location = message.sample.map { AlertResource.Location(lat: $0.lat, lon: $0.lon, accuracy: $0.accuracyMetres) }
            try alerts.raiseClientSOS(at: message.sample.map(\.time) ?? now, location: location, by: caller)
        }
        let reports = alarms.filter { $0.alarm != "sos" }
        guard token != nil || !reports.isEmpty else { return }
        try database.write { db in
            if let token, let device = caller.deviceID {
                try DeviceStore(db: db).saveNotificationToken(token, forDevice: device, of: caller.accountKey)
            }
            for message in reports {
                guard let alarm = message.alarm else { continue }
                var body: [String: Any] = ["alarm": alarm]
                body["event"] = message.event
                try ClientReportStore(db: db).insert(
                    ClientReport(client: .osmand, kind: .alarm, name: alarm, time: message.sample.map(\.time) ?? now,
                                 lat: message.sample?.lat, lon: message.sample?.lon, body: body),
                    of: caller.accountKey, receivedAt: now)
            }
        }
    }
}
