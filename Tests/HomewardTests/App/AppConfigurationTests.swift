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
}
