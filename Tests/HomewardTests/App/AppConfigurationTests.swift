import HomewardHTTP
import XCTest
@testable import Homeward

/// The app's defaults for the HTTP server: enough workers for writes to share group commits, a core
/// left to the database threads, and every other limit as HomewardHTTP sets it.
final class AppConfigurationTests: XCTestCase {
    func testDefaultWorkersLetSixtyFourWritesWaitForOneCommit() {
        XCTAssertEqual(AppConfiguration().http.workerCount, AppConfiguration.defaultWorkerCount)
        XCTAssertGreaterThanOrEqual(AppConfiguration.defaultWorkerCount, 64)
    }

    func testDefaultEventLoopsLeaveACoreToTheDatabaseThreads() {
        let cores = HTTPServerConfiguration.processorCount
        XCTAssertEqual(AppConfiguration().http.eventLoopCount, max(1, cores - 1))
        XCTAssertGreaterThanOrEqual(AppConfiguration.defaultEventLoopCount, 1)
    }

    func testOtherHTTPLimitsKeepTheServerDefaults() {
        let app = AppConfiguration().http
        let server = HTTPServerConfiguration()
        XCTAssertEqual(app.maxConnections, server.maxConnections)
        XCTAssertEqual(app.maxBodyBytes, server.maxBodyBytes)
        XCTAssertEqual(app.maxDecodedBodyBytes, server.maxDecodedBodyBytes)
        XCTAssertEqual(app.maxHeaderBytes, server.maxHeaderBytes)
        XCTAssertEqual(app.idleTimeoutSeconds, server.idleTimeoutSeconds)
        XCTAssertEqual(app.writeTimeoutSeconds, server.writeTimeoutSeconds)
        XCTAssertEqual(app.shutdownGracePeriodSeconds, server.shutdownGracePeriodSeconds)
    }

    func testDefaultsHaveNoProblems() {
        XCTAssertEqual(AppConfiguration().problems, [])
    }

    func testSettingsThatWouldCrashOrDisableTheServerAreNamed() {
        var configuration = AppConfiguration()
        configuration.maxFailedAttempts = 0
        configuration.http.workerCount = 0
        configuration.port = 70_000
        configuration.countdownDefaultSeconds = 500
        XCTAssertEqual(configuration.problems, [
            "port must be between 0 and 65535",
            "workers must be at least 1",
            "max-failed-attempts must be at least 1",
            "countdown-default-seconds must lie between countdown-min-seconds (at least 1) and countdown-max-seconds",
        ])
    }

    func testANegativeRoutineLearningPeriodIsNamedAndTheTrackerGetsTheSetting() {
        var configuration = AppConfiguration()
        configuration.routineMinimumDays = 3
        XCTAssertEqual(configuration.trackerConfiguration.routineMinimumDays, 3)
        configuration.routineMinimumDays = -1
        XCTAssertEqual(configuration.problems, ["routine-minimum-days must not be negative"])
    }

    func testAnUnknownDefaultCountryIsAProblem() {
        var configuration = AppConfiguration()
        configuration.defaultCountry = "GB"
        XCTAssertEqual(configuration.problems, [])
        configuration.defaultCountry = "XX"
        XCTAssertEqual(configuration.problems, ["default-country must be an ISO country code Homeward knows the phone numbers of, e.g. GB"])
    }

    func testSilenceUnaccompaniedAndRhythmLimitsThatContradictEachOtherAreNamed() {
        var configuration = AppConfiguration()
        configuration.silentAfterSeconds = 3_600
        configuration.silentMaxAfterSeconds = 1_800
        configuration.reportingHistoryMaxFixes = -1
        configuration.unaccompaniedMinWithinMetres = 6_000
        configuration.unaccompaniedGuardianFixMaxAgeSeconds = 0
        XCTAssertEqual(configuration.problems, [
            "unaccompanied-min-within-metres must be positive and at most unaccompanied-max-within-metres",
            "unaccompanied-guardian-fix-max-age-seconds must be at least 1",
            "silent-max-after-seconds must be at least silent-after-seconds",
            "reporting-history-max-fixes must not be negative",
        ])
    }

    func testEmailIsOffByDefaultAndItsSettingsWithoutAServerAreNamed() {
        var configuration = AppConfiguration()
        XCTAssertNil(configuration.smtpServer)
        configuration.smtpFrom = "alerts@example.org"
        configuration.smtpPassword = "secret"
        XCTAssertEqual(configuration.problems, ["smtp-from, smtp-password-file have no effect without smtp-url"])
        XCTAssertNil(configuration.smtpServer)
    }

    func testEmailSettingsMakeTheMailServer() throws {
        var configuration = AppConfiguration()
        configuration.smtpURL = "smtp://mail.example.org:587"
        configuration.smtpFrom = "Homeward <alerts@example.org>"
        configuration.smtpUsername = "alerts"
        configuration.smtpPassword = "secret"
        XCTAssertEqual(configuration.problems, [])
        let server = try XCTUnwrap(configuration.smtpServer)
        XCTAssertEqual(server.url.destination, "smtp://mail.example.org:587")
        XCTAssertEqual(server.security, .startTLS)
        XCTAssertEqual(server.sender, try MailAddress("alerts@example.org", name: "Homeward"))
        XCTAssertEqual(server.username, "alerts")
        XCTAssertEqual(server.password, "secret")
        configuration.smtpAllowPlain = true
        XCTAssertEqual(configuration.smtpServer?.security, SMTPServer.Security.none)
    }

    func testWrongEmailSettingsAreNamedAndGiveNoMailServer() {
        var configuration = AppConfiguration()
        configuration.smtpURL = "smtp://mail.example.org:587"
        XCTAssertEqual(configuration.problems, ["smtp-from is required with smtp-url"])
        configuration.smtpFrom = "alerts@example.org, eve@example.net"
        XCTAssertEqual(configuration.problems.first?.hasPrefix("smtp-from: \"alerts@example.org, eve@example.net\" is not an email address"), true)
        configuration.smtpFrom = "alerts@example.org"
        configuration.smtpPassword = "secret"
        XCTAssertEqual(configuration.problems, ["email: an SMTP password needs a user name"])
        XCTAssertNil(configuration.smtpServer)
        configuration.smtpPassword = ""
        configuration.smtpURL = "https://mail.example.org"
        XCTAssertEqual(configuration.problems.count, 1)
        XCTAssertTrue(configuration.problems[0].contains("is not an SMTP server address"), configuration.problems[0])
        configuration.smtpURL = "smtp://127.0.0.1:25"
        XCTAssertEqual(configuration.problems, [
            "smtp-url: 127.0.0.1 resolves to 127.0.0.1, a loopback address; allow it with --outgoing-allow-hosts",
        ])
        XCTAssertNil(configuration.smtpServer)
        configuration.outgoingAllowHosts = ["127.0.0.1"]
        XCTAssertEqual(configuration.problems, [])
        XCTAssertNotNil(configuration.smtpServer)
    }
}
