import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest

/// `homeward serve` as real processes: one server per database and per port, the lock gone with a
/// killed server, and the admin commands working beside a running one.
final class ServeProcessTests: XCTestCase {
    private var directory: URL!
    private var started: [Process] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("homeward-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        for process in started where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The `homeward` executable built beside this test bundle.
    private var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("homeward")
    }

    private func database(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// A port nothing listens on now.
    private func freePort() throws -> Int {
        let probe = HTTPServer(configuration: .testing, router: Router(), logger: .init(label: "probe"))
        try probe.start()
        let port = probe.localPort
        probe.shutdown()
        probe.waitUntilStopped()
        return port
    }

    private func launch(_ arguments: [String]) throws -> (process: Process, errors: Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HOMEWARD_") }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        started.append(process)
        return (process, errors)
    }

    private func serve(database: String, port: Int) throws -> (process: Process, errors: Pipe) {
        try launch(["serve", "--host", "127.0.0.1", "--port", "\(port)", "--database", database,
                    "--password-hash-iterations", "1", "--password-hash-memory-bytes", "8192"])
    }

    /// Waits (at most 20 s) until the server on `port` answers /healthz.
    private func waitUntilServing(port: Int) throws {
        if !Deadline.waitUntil({ status(of: "/healthz", port: port) == .ok }) {
            XCTFail("the server on port \(port) did not answer within 20 s")
        }
    }

    /// Runs a process to its end (at most 30 s) and returns its status and standard error.
    private func finish(_ launched: (process: Process, errors: Pipe)) -> (status: Int32, errors: String) {
        Deadline.waitUntil(within: 30) { !launched.process.isRunning }
        if launched.process.isRunning { launched.process.terminate() }
        launched.process.waitUntilExit()
        let text = String(decoding: launched.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (launched.process.terminationStatus, text)
    }

    func testASecondServerOnTheSameDatabaseOrPortIsRefusedAndAKilledServersLockIsFreed() throws {
        let shared = database("homeward.sqlite")
        let port = try freePort()
        let first = try serve(database: shared, port: port)
        try waitUntilServing(port: port)

        var status = stat()
        XCTAssertEqual(stat(shared, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600, "where people are is readable by the server's user only")

        let sameDatabase = finish(try serve(database: shared, port: try freePort()))
        XCTAssertNotEqual(sameDatabase.status, 0)
        XCTAssertTrue(sameDatabase.errors.contains("is already served by another homeward serve (pid \(first.process.processIdentifier))"),
                      sameDatabase.errors)

        let samePort = finish(try serve(database: database("other.sqlite"), port: port))
        XCTAssertNotEqual(samePort.status, 0)
        XCTAssertTrue(samePort.errors.contains("port \(port) on 127.0.0.1 is already served by another process"), samePort.errors)

        // The admin commands work beside the running server.
        let backup = finish(try launch(["backup", "--database", shared, database("copy.sqlite")]))
        XCTAssertEqual(backup.status, 0, backup.errors)
        let again = finish(try launch(["backup", "--database", shared, database("copy.sqlite")]))
        XCTAssertNotEqual(again.status, 0, "backup must refuse an existing file")
        for command in [["stats"], ["migrate"], ["prune", "--older-than", "90d"]] {
            let result = finish(try launch(command + ["--database", shared]))
            XCTAssertEqual(result.status, 0, "\(command): \(result.errors)")
        }

        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        let successor = try serve(database: shared, port: port)
        try waitUntilServing(port: port)
        XCTAssertTrue(successor.process.isRunning)
    }

    func testTheAdminCommandsWorkOnAPostgreSQLDatabaseAndBackupNamesPgDump() throws {
        guard TestDatabase.isPostgreSQL else { throw XCTSkip("PostgreSQL only (HOMEWARD_TEST_DATABASE=postgresql)") }
        let url = try TestDatabase.fresh(in: directory)
        defer { TestDatabase.drop(url) }
        let migrate = try runCommand(["migrate", "--database", url])
        XCTAssertEqual(migrate.status, 0, migrate.errors)
        XCTAssertTrue(migrate.output.contains("applied now"), migrate.output)
        let stats = try runCommand(["stats", "--database", url])
        XCTAssertEqual(stats.status, 0, stats.errors)
        XCTAssertTrue(stats.output.contains("locations: 0"), stats.output)
        XCTAssertTrue(stats.output.contains("database bytes: "), stats.output)
        let prune = try runCommand(["prune", "--older-than", "90d", "--database", url])
        XCTAssertEqual(prune.status, 0, prune.errors)
        XCTAssertTrue(prune.output.contains("deleted 0 location samples"), prune.output)

        let backup = try runCommand(["backup", "--database", url, database("copy.sqlite")])
        XCTAssertNotEqual(backup.status, 0)
        XCTAssertTrue(backup.errors.contains("pg_dump --format=custom"), backup.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: database("copy.sqlite")))

        let unreachable = try runCommand(["stats", "--database", "postgres://homeward:secret@127.0.0.1:1/none"])
        XCTAssertNotEqual(unreachable.status, 0)
        XCTAssertTrue(unreachable.errors.contains("Cannot connect to the PostgreSQL database"), unreachable.errors)
        XCTAssertFalse(unreachable.errors.contains("secret"), "the password stays out of the message: \(unreachable.errors)")
    }

    /// Runs `homeward` with `arguments` to its end (at most 30 s): its status, standard output and error.
    private func runCommand(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HOMEWARD_") }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        started.append(process)
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let failed = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self), String(decoding: failed, as: UTF8.self))
    }

    func testResetPasswordPrintsAOneTimeLinkThatSetsANewPassword() throws {
        let shared = database("homeward.sqlite")
        let port = try freePort()
        _ = try serve(database: shared, port: port)
        try waitUntilServing(port: port)
        let phone = "+44 20 7946 0958"
        XCTAssertEqual(try post("/v1/accounts", #"{"phone":"\#(phone)","password":"Owner-Pass-123","name":"Dad"}"#, port: port), .created)

        let command = Process()
        command.executableURL = executable
        command.arguments = ["reset-password", "--phone", phone, "--database", shared, "--public-base-url", "https://homeward.example.org"]
        command.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HOMEWARD_") }
        let output = Pipe()
        command.standardOutput = output
        try command.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        command.waitUntilExit()
        XCTAssertEqual(command.terminationStatus, 0, printed)
        let link = try XCTUnwrap(printed.split(separator: "\n").first.map(String.init))
        XCTAssertTrue(link.hasPrefix("https://homeward.example.org/#reset/"), link)
        let token = String(link.dropFirst("https://homeward.example.org/#reset/".count))
        XCTAssertEqual(try post("/v1/password-reset", #"{"token":"\#(token)","newPassword":"Owner-Pass-456"}"#, port: port), .noContent)
        XCTAssertEqual(try post("/v1/sessions", #"{"phone":"\#(phone)","password":"Owner-Pass-456"}"#, port: port), .created)
        XCTAssertEqual(try post("/v1/password-reset", #"{"token":"\#(token)","newPassword":"Owner-Pass-789"}"#, port: port), .forbidden)
    }

    /// The status of a JSON `POST` of `body` to `path` on the server at `port`.
    private func post(_ path: String, _ body: String, port: Int) throws -> HTTPStatus {
        let connection = try HTTPTestConnection(port: port, timeoutSeconds: 10)
        try connection.send(
            "POST \(path) HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        return try connection.readResponse().status
    }

    /// The status of `GET path` on the server at `port`, or nil when it does not answer.
    private func status(of path: String, port: Int) -> HTTPStatus? {
        guard let connection = try? HTTPTestConnection(port: port, timeoutSeconds: 2),
              (try? connection.send("GET \(path) HTTP/1.1\r\nHost: a\r\n\r\n")) != nil
        else { return nil }
        return (try? connection.readResponse())?.status
    }

    func testAStopSignalFirstDrainsWithReadinessDownThenStopsCleanly() throws {
        let port = try freePort()
        let server = try launch(["serve", "--host", "127.0.0.1", "--port", "\(port)", "--database", database("drain.sqlite"),
                                 "--drain-seconds", "5"])
        try waitUntilServing(port: port)
        XCTAssertEqual(status(of: "/readyz", port: port), .ok)
        kill(server.process.processIdentifier, SIGTERM)
        // During the drain the node still serves, but tells the load balancer not to send more.
        XCTAssertTrue(Deadline.waitUntil(within: 4) { status(of: "/readyz", port: port) == .serviceUnavailable })
        XCTAssertEqual(status(of: "/livez", port: port), .ok)
        let stopped = finish(server)
        XCTAssertEqual(stopped.status, 0, stopped.errors)

        let refused = finish(try launch(["serve", "--port", "\(port)", "--database", database("drain.sqlite"), "--drain-seconds=-1"]))
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.errors.contains("drain-seconds must be 0 to 600"), refused.errors)
    }

    func testTheMailServerPasswordIsReadFromItsFileBeforeTheServerStarts() throws {
        let passwordFile = directory.appendingPathComponent("smtp-password")
        let mail = ["--smtp-url", "smtps://mail.example.org", "--smtp-from", "Homeward <alerts@example.org>",
                    "--smtp-password-file", passwordFile.path]
        let port = try freePort()
        let missing = finish(try launch(["serve", "--port", "\(port)", "--database", database("a.sqlite")] + mail))
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.errors.contains("smtp-password-file \(passwordFile.path) cannot be read"), missing.errors)

        try Data("\n".utf8).write(to: passwordFile)
        let empty = finish(try launch(["serve", "--port", "\(port)", "--database", database("a.sqlite")] + mail))
        XCTAssertNotEqual(empty.status, 0)
        XCTAssertTrue(empty.errors.contains("smtp-password-file \(passwordFile.path) is empty"), empty.errors)

        try Data("s3cret\n".utf8).write(to: passwordFile)
        let withoutUser = finish(try launch(["serve", "--port", "\(port)", "--database", database("a.sqlite")] + mail))
        XCTAssertNotEqual(withoutUser.status, 0)
        XCTAssertTrue(withoutUser.errors.contains("email: an SMTP password needs a user name"), withoutUser.errors)
        XCTAssertFalse(withoutUser.errors.contains("s3cret"), withoutUser.errors)

        let serving = try launch(["serve", "--host", "127.0.0.1", "--port", "\(port)", "--database", database("a.sqlite"),
                                  "--smtp-username", "alerts"] + mail)
        try waitUntilServing(port: port)
        serving.process.terminate()
        XCTAssertEqual(finish(serving).status, 0)
    }
}
