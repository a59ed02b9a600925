import Foundation
import XCTest

@testable import Homeward

/// The service group's order: started as listed, stopped in reverse, and a start that fails stops
/// at once what had started (and the failed service itself), the last first.
final class ServiceGroupTests: XCTestCase {
    private struct StartFailed: Error {}

    /// A service that writes what happens to it into a shared log, and fails to start when asked to.
    private final class RecordingService: LifecycleService, @unchecked Sendable {
        let name: String
        let fails: Bool
        let log: Log
        init(_ name: String, fails: Bool = false, log: Log) {
            self.name = name
            self.fails = fails
            self.log = log
        }
        func start() throws {
            log.append("start \(name)")
            if fails { throw StartFailed() }
        }
        func stop() { log.append("stop \(name)") }
    }

    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var entries: [String] { lock.withLock { lines } }
    }

    func testServicesStartInOrderAndStopInReverse() throws {
        let log = Log()
        let group = ServiceGroup(["a", "b", "c"].map { RecordingService($0, log: log) })
        try group.start()
        group.stop()
        XCTAssertEqual(log.entries, ["start a", "start b", "start c", "stop c", "stop b", "stop a"])
    }

    func testTheAppStartsItsHealthCheckFirstAndStopsRunningImportsFirst() throws {
        let test = try TestApp()
        let services = test.app.services.services
        XCTAssertTrue(services.first is HealthMonitor)
        XCTAssertTrue(services.last is ImportJobs, "the imports still running are cancelled before anything they write through stops")
        XCTAssertTrue(services.contains { $0 is AlertMonitor } && services.contains { $0 is TripTimer })
    }

    func testAServiceThatFailsToStartStopsTheStartedOnesAtOnceInReverse() {
        let log = Log()
        let group = ServiceGroup([
            RecordingService("a", log: log), RecordingService("b", log: log), RecordingService("c", fails: true, log: log),
            RecordingService("d", log: log),
        ])
        XCTAssertThrowsError(try group.start()) { XCTAssertTrue($0 is StartFailed) }
        // Stopped before start() returned, without waiting for close(); d was never started.
        XCTAssertEqual(log.entries, ["start a", "start b", "start c", "stop c", "stop b", "stop a"])
    }

    func testTheFirstServiceFailingStopsOnlyItself() {
        let log = Log()
        let group = ServiceGroup([RecordingService("a", fails: true, log: log), RecordingService("b", log: log)])
        XCTAssertThrowsError(try group.start())
        XCTAssertEqual(log.entries, ["start a", "stop a"])
    }
}
