import ArgumentParser
import Foundation
import Homeward
import HomewardPostgres
import HomewardStore

/// `homeward copy --from FILE.sqlite --to postgres://…`: moves an installation to PostgreSQL, verified
/// by each table's row count and checksum read back from the copy.
struct CopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a stopped installation's SQLite file into an empty PostgreSQL database, verified by counts and checksums.",
        discussion: """
            The PostgreSQL database is migrated first and must hold no rows. Everything is copied in \
            one transaction and read back before it commits: a difference leaves the target empty. \
            Keep the server secret (<database>.secret) and the Web Push key (<database>.vapid): the \
            copied codes, tokens and keys are digests under that secret.
            """
    )

    @Option(help: "The SQLite database file to copy (the server must be stopped).")
    var from: String

    @Option(help: "The PostgreSQL database to copy into, as a libpq URL (postgres://user@host:port/database).")
    var to: String

    func run() throws {
        guard FileManager.default.fileExists(atPath: from) else {
            throw ArgumentParser.ValidationError("There is no database at \(from).")
        }
        // A server writing on: what it accepted after the snapshot would not be in the copy.
        let lock: ServingLock
        do {
            lock = try ServingLock(databasePath: from)
        } catch {
            throw ArgumentParser.ValidationError("Cannot copy: \(error). Stop the server first.")
        }
        defer { withExtendedLifetime(lock) {} }
        let source = try DatabasePool(path: from)
        defer { try? source.close() }
        let target: PostgresConnection
        do {
            target = try PostgresConnection(url: to)
        } catch {
            throw ArgumentParser.ValidationError("Cannot connect to \(to): \(error.message)")
        }
        let tables: [DatabaseCopier.CopiedTable]
        do {
            tables = try DatabaseCopier.copy(from: source, to: target)
        } catch let error as DatabaseCopyError {
            throw ArgumentParser.ValidationError("Nothing was copied. \(error)")
        }
        func rows(_ count: Int) -> String { count == 1 ? "1 row" : "\(count) rows" }
        for table in tables {
            print("\(table.name): \(rows(table.source.rows)), checksum \(table.source.hex) read back alike")
        }
        print("copied \(rows(tables.reduce(0) { $0 + $1.source.rows })) in \(tables.count) tables from \(from), verified")
    }
}
