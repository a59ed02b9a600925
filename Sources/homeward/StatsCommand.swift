import ArgumentParser
import Homeward
import HomewardPostgres
import HomewardStore

/// `homeward stats`: what the database holds, and its size per stored location sample.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print counts of accounts, links, devices, samples and alerts, and the database size (SQLite file or PostgreSQL URL)."
    )

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try database.withEitherDatabase { writer, _ in
            let tables = ["accounts", "links", "devices", "sessions", "locations", "motion", "alerts"]
            let counts: [(String, Int)] = try writer.read { db in
                try tables.map { table in (table, try db.fetchOne("SELECT count(*) FROM \(table)") ?? 0) }
            }
            for (table, count) in counts { print("\(table): \(count)") }
            let samples = counts.first { $0.0 == "locations" }?.1 ?? 0
            let databaseBytes: Int
            let locationBytes: Int?
            if let pool = writer as? DatabasePool {
                databaseBytes = Int(pool.fileSizeBytes)
                locationBytes = try pool.read { db in try db.fetchOne("SELECT sum(pgsize) FROM dbstat WHERE name = 'locations'") }
            } else {
                (databaseBytes, locationBytes) = try writer.read { db in
                    (try db.fetchOne("SELECT pg_database_size(current_database())") ?? 0,
                     try db.fetchOne("SELECT pg_total_relation_size('locations')"))
                }
            }
            print("database bytes: \(databaseBytes)")
            if let locationBytes, samples > 0 {
                print("bytes per location sample (table and index pages): \(locationBytes / samples)")
            }
        }
    }
}
