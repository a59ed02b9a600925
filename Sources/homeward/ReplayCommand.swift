import ArgumentParser
import Foundation
import Homeward
import HomewardGeo

/// `homeward replay`: the alerts the current rules would have raised on a recorded track or a
/// person's stored history, printed with times and reasons; nothing is stored.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Print the alerts the current zone and wandering rules would raise on a track, storing nothing.",
        discussion: """
            Reads a track in any format `homeward import` reads (GPX, GeoJSON, CSV t,lat,lon[,accuracy,speed], KML, \
            OwnTracks, Google exports; gzip too; recognised from the content) with a home zone given by --home, or a person's stored history by --account with \
            --from and --to (their zones from the database). Prints one line per alert raised or resolved: \
            time (UTC), raised/resolved, type, cause, message, position, and for a raised zone exit or \
            wandering alert the evidence it was raised on (the deciding fixes, the worst accuracy, how long \
            and how far beyond the line, the routine's say).
            """
    )

    @Argument(help: "A track file in any format `homeward import` reads (GPX, GeoJSON, CSV, KML, ...; gzip too); omit with --account.")
    var track: String?

    @Option(help: "The home zone's centre for a track file, as lat,lon.")
    var home: String?

    @Option(help: "The home zone's radius in metres.")
    var radius: Double = 150

    @Option(help: "The IANA time zone of the person, for night and schedules.")
    var timeZone: String = "UTC"

    @Option(help: "Replay the stored history of the account with this id (reads --database, an SQLite file or a PostgreSQL URL).")
    var account: String?

    @Option(help: "With --account: the start of the range, RFC 3339 (default 7 days before --to).")
    var from: String?

    @Option(help: "With --account: the end of the range, RFC 3339 (default now).")
    var to: String?

    @Option(help: """
        What-if thresholds: a JSON object of tracker settings to change, named as in TrackerConfiguration \
        (e.g. '{"exitHoldSeconds": 200}'); the rest keep their defaults.
        """)
    var trackerSettings: String?

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let zones: [ZoneResource], fixes: [Fix], zone: TimeZone
        if let account {
            let end = try to.map(Self.time) ?? SystemClock().now()
            let start = try from.map(Self.time) ?? end.adding(milliseconds: -7 * 86_400_000)
            let stored = try database.withEitherDatabase { pool, _ in
                try pool.read { db in try StoredTrack.read(accountID: account, from: start, to: end, in: db) }
            }
            guard let stored else { throw ArgumentParser.ValidationError("No account has the id \(account).") }
            (zones, fixes, zone) = (stored.zones, stored.fixes, stored.timeZone)
        } else {
            guard let track else { throw ArgumentParser.ValidationError("Give a track file, or --account with a range.") }
            guard let home, let parts = Optional(home.split(separator: ",").compactMap { Double($0) }), parts.count == 2
            else { throw ArgumentParser.ValidationError("A track file needs --home lat,lon.") }
            guard let timeZone = TimeZone(identifier: self.timeZone) else {
                throw ArgumentParser.ValidationError("Unknown time zone \(self.timeZone).")
            }
            let reader = try ImportReader(try ImportInput(path: track))
            var read: [Fix] = []
            while let fix = try reader.next() { read.append(fix) }
            fixes = read.sorted { $0.t < $1.t }
            zones = [TrackReplay.homeZone(lat: parts[0], lon: parts[1], radiusMetres: radius, timeZone: self.timeZone)]
            zone = timeZone
        }
        var replay = TrackReplay(zones: zones, timeZone: zone, configuration: try Self.configuration(changing: trackerSettings))
        for alert in replay.run(fixes) {
            let time = Timestamp(unixMilliseconds: Int64((alert.t * 1000).rounded())).rfc3339
            let place = alert.location.map { String(format: "%.6f,%.6f", $0.lat, $0.lon) } ?? "-"
            print([time, alert.change.rawValue, alert.type.rawValue, alert.cause, alert.message ?? "-", place, alert.evidenceSummary]
                .joined(separator: "\t"))
        }
    }

    /// The default tracker configuration with the settings of the JSON object `changes` replaced.
    private static func configuration(changing changes: String?) throws -> TrackerConfiguration {
        guard let changes else { return TrackerConfiguration() }
        guard let overrides = try? JSONSerialization.jsonObject(with: Data(changes.utf8)) as? [String: Any] else {
            throw ArgumentParser.ValidationError("--tracker-settings takes a JSON object.")
        }
        let defaults = try JSONEncoder().encode(TrackerConfiguration())
        guard var merged = try JSONSerialization.jsonObject(with: defaults) as? [String: Any] else {
            return TrackerConfiguration()
        }
        for (name, value) in overrides {
            guard merged[name] != nil else { throw ArgumentParser.ValidationError("No tracker setting is named \(name).") }
            merged[name] = value
        }
        do {
            return try JSONDecoder().decode(TrackerConfiguration.self, from: JSONSerialization.data(withJSONObject: merged))
        } catch {
            throw ArgumentParser.ValidationError("--tracker-settings: \(error)")
        }
    }

    private static func time(_ text: String) throws -> Timestamp {
        guard let time = Timestamp(rfc3339: text) else { throw ArgumentParser.ValidationError("\(text) is not an RFC 3339 time.") }
        return time
    }
}
