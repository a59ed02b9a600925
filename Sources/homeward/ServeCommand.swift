import ArgumentParser
import Foundation
import Homeward
import HomewardHTTP
import HomewardStore

/// `homeward serve`: runs the HTTP server until SIGTERM or SIGINT.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API (migrating the database first).",
        discussion: ServerSettings.helpText
    )

    @Argument(
        parsing: .captureForPassthrough,
        help: ArgumentHelp("Settings, --name value or --name=value; each is also an environment variable (listed below).",
                           valueName: "setting"))
    var settings: [String] = []

    func validate() throws {
        // The settings are read by `ServerSettings`, so `--help` among them is this command's to answer.
        if settings.contains(where: { $0 == "--help" || $0 == "-h" }) { throw CleanExit.helpRequest(self) }
    }

    func run() throws {
        let configuration: AppConfiguration
        do {
            configuration = try ServerSettings.configuration(arguments: settings, environment: ProcessInfo.processInfo.environment)
        } catch let error as SettingError {
            throw ArgumentParser.ValidationError(error.description)
        }
        let drain = configuration.drainSeconds
        let problems = configuration.problems
        guard problems.isEmpty else {
            throw ArgumentParser.ValidationError("Cannot start: " + problems.joined(separator: "; ") + ".")
        }
        let logger = DatabaseOptions.makeLogger(configuration)
        // One server per SQLite file; any number of nodes share a PostgreSQL database.
        let servingLock: ServingLock?
        do {
            servingLock = configuration.postgresURL == nil ? try ServingLock(databasePath: configuration.databasePath) : nil
        } catch {
            throw ArgumentParser.ValidationError("Cannot start: \(error).")
        }
        defer { withExtendedLifetime(servingLock) {} }
        // Block the stop signals in every thread; this one waits for them with sigwait.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        signal(SIGPIPE, SIG_IGN)

        let app = try HomewardApp(configuration: configuration, logger: logger)
        let server: HTTPServer
        do {
            server = try app.start()
        } catch let error as HTTPServerError {
            try? app.close()
            throw ArgumentParser.ValidationError("Cannot start: \(error).")
        }
        let shownHost = ["0.0.0.0", "::", ""].contains(configuration.host) ? "127.0.0.1" : configuration.host
        let bracketed = shownHost.contains(":") ? "[\(shownHost)]" : shownHost
        let address = "http://\(bracketed):\(server.localPort)/"
        FileHandle.standardOutput.write(Data("Homeward is running. Open \(address) in a browser for the guardian web app.\n".utf8))
        var received: Int32 = 0
        sigwait(&signals, &received)
        app.health.markStopping()
        if drain > 0 {
            logger.info("draining: /readyz answers 503", metadata: ["signal": "\(received)", "seconds": "\(drain)"])
            Thread.sleep(forTimeInterval: drain)
        }
        logger.info("stopping", metadata: ["signal": "\(received)"])
        server.shutdown()
        server.waitUntilStopped()
        try app.close()
        logger.info("stopped")
    }
}
