import ArgumentParser
import Homeward

@main
struct HomewardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homeward",
        abstract: "A self-hosted HTTP JSON backend for guardian location tracking."
    )

    func run() throws {
        print("migrations embedded: \(Schema.migrations.count)")
    }
}
