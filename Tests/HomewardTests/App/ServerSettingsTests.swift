import Foundation
import XCTest
@testable import Homeward

/// Each setting is declared once: `serve` reads its flag and environment variable from the
/// declaration, `serve --help` and docs/configuration.md list every declaration, and a value the
/// setting cannot take is refused with its name.
final class ServerSettingsTests: XCTestCase {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    func testNamesAreUniqueAndTheEnvironmentVariableFollowsTheFlag() {
        let names = ServerSettings.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "a name is declared twice")
        XCTAssertGreaterThan(names.count, 90)
        XCTAssertEqual(ServerSettings.named("silent-after-seconds")?.environmentName, "HOMEWARD_SILENT_AFTER_SECONDS")
        for setting in ServerSettings.all {
            XCTAssertTrue(setting.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, setting.name)
            XCTAssertFalse(setting.help.isEmpty, setting.name)
            XCTAssertFalse(setting.shownDefault.isEmpty, setting.name)
        }
    }

    func testAFlagWinsOverTheEnvironmentAndTheEnvironmentOverTheDefault() throws {
        let environment = ["HOMEWARD_PORT": "9000", "HOMEWARD_SILENT_AFTER_SECONDS": "600", "HOMEWARD_HOST": ""]
        let configuration = try ServerSettings.configuration(
            arguments: ["--port", "9100", "--webhook-timeout-seconds=2.5", "--smtp-allow-plain", "--outgoing-allow-hosts", "a, b,,"],
            environment: environment)
        XCTAssertEqual(configuration.port, 9100)
        XCTAssertEqual(configuration.silentAfterSeconds, 600)
        XCTAssertEqual(configuration.host, AppConfiguration().host, "an empty variable is unset")
        XCTAssertEqual(configuration.webhookTimeoutSeconds, 2.5)
        XCTAssertTrue(configuration.smtpAllowPlain)
        XCTAssertEqual(configuration.outgoingAllowHosts, ["a", "b"])
        XCTAssertEqual(try ServerSettings.configuration(arguments: [], environment: ["HOMEWARD_SMTP_ALLOW_PLAIN": "true"]).smtpAllowPlain, true)
        XCTAssertEqual(try ServerSettings.configuration(arguments: ["--log-level", "debug"], environment: [:]).logLevel, .debug)
        XCTAssertNil(try ServerSettings.configuration(arguments: ["--outgoing-ca-file", ""], environment: [:]).outgoingCAFilePath)
        XCTAssertEqual(try ServerSettings.configuration(arguments: ["--map-tile-url="], environment: [:]).webApp.tileURLTemplate, "")
    }

    func testAValueTheSettingCannotTakeIsRefusedWithItsName() {
        func refusal(_ arguments: [String], _ environment: [String: String] = [:]) -> String {
            do {
                _ = try ServerSettings.configuration(arguments: arguments, environment: environment)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(refusal(["--port", "eighty"]), "The value 'eighty' of --port is invalid.")
        XCTAssertEqual(refusal([], ["HOMEWARD_PORT": "x"]), "The value 'x' of the environment variable HOMEWARD_PORT is invalid.")
        XCTAssertEqual(refusal(["--port", "1"], ["HOMEWARD_PORT": "x"]), "accepted", "a flag given leaves the variable unread")
        XCTAssertEqual(refusal(["--colour", "red"]), "Unknown option '--colour'.")
        XCTAssertEqual(refusal(["--port"]), "Missing value for '--port'.")
        XCTAssertEqual(refusal(["8080"]), "Unexpected argument '8080'.")
        XCTAssertEqual(refusal(["--smtp-allow-plain=yes"]), "--smtp-allow-plain takes no value.")
        XCTAssertEqual(refusal(["--log-level", "loud"]), "Unknown log level loud.")
        XCTAssertEqual(refusal(["--trusted-proxies", "nowhere"]),
                       "trusted-proxies must be IP addresses or CIDR blocks separated by commas: nowhere")
    }

    func testAValueOutOfItsRangeIsAProblemNamingTheSetting() throws {
        let configuration = try ServerSettings.configuration(arguments: ["--drain-seconds=-1", "--escalation-max-steps", "51"], environment: [:])
        XCTAssertEqual(configuration.problems, ["drain-seconds must be 0 to 600", "escalation-max-steps must be 0 to 50"])
    }

    func testTheDocsTablesAreTheDeclarations() throws {
        let url = repository.appendingPathComponent("docs/configuration.md")
        let document = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(try ServerSettings.updatingTables(in: document), document,
                       "docs/configuration.md differs from the declarations: run homeward settings --update docs/configuration.md")
        for setting in ServerSettings.all {
            XCTAssertTrue(document.contains("| `--\(setting.name)` | `\(setting.environmentName)`"), setting.name)
        }
    }

    func testServeHelpListsEverySettingWithItsEnvironmentVariableAndDefault() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("homeward")
        process.arguments = ["serve", "--help"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let help = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for setting in ServerSettings.all {
            XCTAssertTrue(words.contains("--\(setting.name)"), setting.name)
            XCTAssertTrue(words.contains("env \(setting.environmentName)"), setting.name)
        }
    }
}
