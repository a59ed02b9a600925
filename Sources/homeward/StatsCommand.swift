import ArgumentParser
import Homeward
import HomewardStore

/// `homeward stats`: what the database holds, and its size per stored location sample.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print counts of accounts, links, devices, samples and alerts, and the database size."
    )

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try database.withDatabase { pool, _ in
            let tables = ["accounts", "links", "devices", "sessions", "locations", "motion", "alerts"]
            let counts: [(String, Int)] = try pool.read { db in
                try tables.map { table in (table, try db.fetchOne("SELECT count(*) FROM \(table)") ?? 0) }
            }
            for (table, count) in counts { print("\(table): \(count)") }
            let locationBytes: Int? = try pool.read { db in
                try db.fetchOne("SELECT sum(pgsize) FROM dbstat WHERE name = 'locations'")
            }
            print("database bytes: \(pool.fileSizeBytes)")
            if let locationBytes, let samples = counts.first(where: { $0.0 == "locations" })?.1, samples > 0 {
                print("bytes per location sample (table and index pages): \(locationBytes / samples)")
            }
        }
    }
}
