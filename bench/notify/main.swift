// SOS accepted -> delivered at an HTTPS webhook receiver: one person guarded by GUARDIANS guardians,
// all but one with a webhook at a local HTTPS receiver (Tests/Receivers/https_receiver.py, a trustme
// CA), one at a receiver that accepts connections and never answers. Each trial raises an SOS in
// process (accepted = its transaction committed) and waits until every healthy webhook has it; the
// latency of a delivery is the receiver's clock at reading it minus the moment the SOS was accepted.
// Usage: homeward-notify-bench [TRIALS] [GUARDIANS]   (defaults 20 and 1000; build with -c release;
// needs python3 with trustme)
import Foundation
import Homeward
import HomewardStore
import Logging

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let trials = arguments.first ?? 20
let guardians = arguments.dropFirst().first ?? 1_000
let secret = "bench-notify-secret-0123456789"

/// The receiver's output lines, collected as they arrive.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [UInt8] = []
    private var lines: [String] = []

    func append(_ data: Data) {
        lock.withLock {
            pending += data
            while let end = pending.firstIndex(of: 0x0A) {
                lines.append(String(decoding: pending[..<end], as: UTF8.self))
                pending.removeSubrange(...end)
            }
        }
    }

    var all: [String] { lock.withLock { lines } }
}

/// Waits up to `seconds` for `condition`, polling.
func wait(seconds: Double, until condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("homeward-notify-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

// The healthy receiver.
let receiver = Process()
let output = Pipe()
let lines = Lines()
let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/Receivers/https_receiver.py").path
receiver.executableURL = URL(fileURLWithPath: "/usr/bin/env")
receiver.arguments = ["python3", script, "--secret", secret, "--quiet", "--dir", directory.path]
receiver.standardOutput = output
output.fileHandleForReading.readabilityHandler = { lines.append($0.availableData) }
try receiver.run()
defer { receiver.terminate() }
guard wait(seconds: 30, until: { lines.all.first?.hasPrefix("PORT ") == true }),
      let receiverPort = Int(lines.all[0].dropFirst("PORT ".count)) else {
    fatalError("the receiver did not start (python3 with trustme is needed)")
}

// The receiver that never answers: a listening socket whose connections are never accepted.
let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
var address = sockaddr_in()
address.sin_family = sa_family_t(AF_INET)
address.sin_addr.s_addr = inet_addr("127.0.0.1")
var length = socklen_t(MemoryLayout<sockaddr_in>.size)
_ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(silent, $0, length) } }
listen(silent, 128)
_ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(silent, $0, &length) } }
let silentPort = Int(UInt16(bigEndian: address.sin_port))

var configuration = AppConfiguration()
configuration.databasePath = directory.appendingPathComponent("bench.sqlite").path
configuration.outgoingAllowHosts = ["127.0.0.1"]
configuration.outgoingMaxConcurrentPerDestination = Int(ProcessInfo.processInfo.environment["PER_DESTINATION"] ?? "") ?? configuration.outgoingMaxConcurrentPerDestination
configuration.outgoingCAFilePath = directory.appendingPathComponent("ca.pem").path
var logger = Logger(label: "homeward.bench")
logger.logLevel = .error
let app = try HomewardApp(configuration: configuration, logger: logger)
defer { try? app.close() }

let person = SecureRandom.identifier()
let personKey: AccountKey = try app.database.write { db in
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    func account(_ index: Int, _ id: String) throws -> Int64 {
        try db.fetchOne(
            "INSERT INTO accounts (id, phone, name, password_hash, created_at_ms, updated_at_ms) VALUES (?, ?, ?, '$argon2id$unused', ?, ?) RETURNING key",
            [id, "+4470\(String(format: "%07d", index))", "Bench \(index)", now, now]) ?? 0
    }
    let personKey = try account(0, person)
    for index in 1...guardians {
        let key = try account(index, SecureRandom.identifier())
        try db.execute(
            "INSERT INTO links (id, guardian_key, dependent_key, created_at_ms) VALUES (?, ?, ?, ?)",
            SecureRandom.identifier(), key, personKey, now)
        let port = index == 1 ? silentPort : receiverPort
        try db.execute(
            "INSERT INTO webhooks (account_key, url, secret, created_at_ms, updated_at_ms) VALUES (?, ?, ?, ?, ?)",
            key, "https://127.0.0.1:\(port)/hook", secret, now, now)
    }
    return personKey
}
try app.startBackgroundWork()
let caller = Caller(accountKey: personKey, accountID: person, sessionID: nil)
let sos = try JSONDecoder().decode(SOSRequest.self, from: Data(#"{"type":"sos","message":"bench"}"#.utf8))

var firstLatencies: [Double] = []
var allLatencies: [Double] = []
var lastLatencies: [Double] = []
for trial in 1...trials {
    let alert = try app.alertService.raiseSOS(sos, by: caller)
    let accepted = Date().timeIntervalSince1970
    var times: [Double] = []
    let complete = wait(seconds: 120) {
        times = lines.all.compactMap { line -> Double? in
            guard let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  (record["idempotency_key"] as? String)?.hasPrefix(alert.id + ":") == true,
                  record["signature_ok"] as? Bool == true else { return nil }
            return record["t"] as? Double
        }
        return times.count >= guardians - 1
    }
    guard complete else { fatalError("trial \(trial): \(times.count) of \(guardians - 1) deliveries in 120 s") }
    let latencies = times.map { ($0 - accepted) * 1000 }.sorted()
    firstLatencies.append(latencies[0])
    lastLatencies.append(latencies[latencies.count - 1])
    allLatencies += latencies
}
allLatencies.sort()
firstLatencies.sort()
lastLatencies.sort()
print("\(trials) SOS, \(guardians) guardians (\(guardians - 1) at one HTTPS receiver, 1 at a receiver that never answers)")
print(String(format: "every delivery   p50 %7.1f ms  p99 %7.1f ms  (%d deliveries)", percentile(allLatencies, 0.5), percentile(allLatencies, 0.99), allLatencies.count))
print(String(format: "first of a trial p50 %7.1f ms  p99 %7.1f ms", percentile(firstLatencies, 0.5), percentile(firstLatencies, 0.99)))
print(String(format: "last of a trial  p50 %7.1f ms  p99 %7.1f ms", percentile(lastLatencies, 0.5), percentile(lastLatencies, 0.99)))
