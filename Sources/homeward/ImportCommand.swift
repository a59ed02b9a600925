import ArgumentParser
import Foundation
import Homeward
import HomewardStore

/// `homeward import --account ID FILE`: brings a person's history in from a file (Google Takeout,
/// the phone's Timeline export, GPX, KML, GeoJSON, CSV, OwnTracks Recorder; gzip too);
/// `homeward import --undo IMPORT_ID` takes it out again.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring a person's location history in from a file, or undo an import.",
        discussion: """
            The format is recognised from the content: Google Takeout Records.json, Semantic Location History, \
            the phone's Timeline export, GPX, KML (gx:Track), GeoJSON, CSV (t,lat,lon[,accuracy]) and OwnTracks \
            Recorder .rec files, gzip-compressed or not, or a zip of them (a Takeout export, a KMZ). Imported fixes raise no alerts, skip those already stored \
            (same time ±1 s and place), never move the latest position back, and rebuild the person's routine. \
            Prints progress (a bar on a terminal) and the import id that --undo takes.
            """
    )

    @Option(help: "The id of the account whose history the file holds.")
    var account: String?

    @Option(help: "Delete the fixes of the import with this id (printed by an import).")
    var undo: String?

    @Argument(help: "The history file.")
    var file: String?

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        var configuration = AppConfiguration()
        try database.apply(to: &configuration)
        try database.withEitherDatabase { pool, _ in
            _ = try DatabaseOptions.migrate(pool)
            let service = ImportService(
                database: pool, clock: SystemClock(), zoneObserver: nil, settings: ImportSettings(configuration))
            if let undo {
                guard let record = try service.undo(importID: undo) else { throw ArgumentParser.ValidationError("No import has the id \(undo).") }
                print("import \(record.id) undone: \(Self.count(record.positions)) positions deleted")
                return
            }
            guard let account, let file else { throw ArgumentParser.ValidationError("Give --account ID and a FILE, or --undo IMPORT_ID.") }
            let reader = try ImportReader(try ImportInput(path: file))
            guard let record = try service.begin(accountID: account) else { throw ArgumentParser.ValidationError("No account has the id \(account).") }
            print("import \(record.id)")
            let progress = ProgressLine(terminal: isatty(STDOUT_FILENO) == 1)
            let summary = try service.run(reader, into: record) { record in progress.show(record) }
            progress.finish()
            print(Self.sentence(summary))
            let skipped = summary.record.rejections
            if skipped.count > 0 {
                print("\(Self.count(skipped.count)) records skipped as unusable, first: " + skipped.reasons.joined(separator: "; "))
            }
            if let problem = summary.record.problem { print("stopped at \(problem); what came before is stored") }
        }
    }

    /// "1,204,311 positions from 2014-03 to 2024-11; 312 duplicates; 3 places learned".
    static func sentence(_ summary: ImportService.Summary) -> String {
        let record = summary.record
        var range = ""
        if let first = record.first, let last = record.last {
            range = " from \(first.rfc3339.prefix(7)) to \(last.rfc3339.prefix(7))"
        }
        return "\(count(record.positions)) positions\(range); \(count(record.duplicates)) duplicates; "
            + "\(summary.placesLearned) places learned"
    }

    static func count(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}

/// Import progress: a redrawn bar on a terminal, a plain line per report otherwise.
private struct ProgressLine {
    let terminal: Bool
    /// Characters of the bar.
    static let barWidth = 30

    func show(_ record: ImportRecord) {
        let progress = (bytes: record.bytesRead, total: record.totalBytes)
        let stored = "\(ImportCommand.count(record.positions)) positions, \(ImportCommand.count(record.duplicates)) duplicates"
        let fraction = progress.total.map { $0 > 0 ? min(1, Double(progress.bytes) / Double($0)) : 1 } ?? 0
        guard terminal else {
            print("\(Int(fraction * 100))% read: \(stored)")
            return
        }
        let filled = Int(fraction * Double(Self.barWidth))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: Self.barWidth - filled)
        // Unbuffered, so the bar is redrawn as it goes.
        FileHandle.standardOutput.write(Data("\r[\(bar)] \(Int(fraction * 100))% \(stored)".utf8))
    }

    func finish() {
        if terminal { print("") }
    }
}
