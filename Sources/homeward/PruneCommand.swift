import ArgumentParser
import Homeward
import HomewardStore

/// `homeward prune --older-than 90d`: deletes old location and motion history.
struct PruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete location and motion samples older than a duration (latest positions are kept), on SQLite or PostgreSQL."
    )

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Age of the samples to delete: a number followed by d (days), h (hours) or m (minutes), e.g. 90d.")
    var olderThan: String

    func run() throws {
        guard let age = HistoryPruner.milliseconds(of: olderThan) else {
            throw ArgumentParser.ValidationError("--older-than must look like 90d, 12h or 30m.")
        }
        let result = try database.withEitherDatabase { pool, _ in
            try HistoryPruner(database: pool).prune(before: SystemClock().now().adding(milliseconds: -age))
        }
        print("deleted \(result.locations) location samples and \(result.motion) motion reports older than \(olderThan)")
    }
}
