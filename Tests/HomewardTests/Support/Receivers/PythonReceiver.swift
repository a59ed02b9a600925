import Foundation
import XCTest

/// A receiver from Tests/Receivers run with python3 for the length of a test: it prints `PORT <n>`,
/// then one JSON line per request it saw, read as a `Record`. Tests skip (saying what to install)
/// when python3 or a module the script needs is missing; CI installs them (.ci/run).
final class PythonReceiver<Record: Decodable> {
    let port: Int
    let directory: URL
    private let process = Process()
    private let output = Pipe()
    private let lines = LineCollector()

    /// Starts `script` (a file in Tests/Receivers) with `arguments` plus `--dir <a fresh directory>`,
    /// after checking that python3 can import `modules`.
    init(script: String, arguments: [String] = [], modules: [String] = []) throws {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", (["import sys"] + modules.map { "import \($0)" }).joined(separator: "; ")]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        do {
            try check.run()
            check.waitUntilExit()
        } catch {
            throw XCTSkip("python3 is not installed; install it to run this test")
        }
        guard check.terminationStatus == 0 else {
            throw XCTSkip("python3 lacks \(modules.joined(separator: ", ")); run `pip install \(modules.joined(separator: " "))` to run this test")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("homeward-receiver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // This file is Tests/HomewardTests/Support/Receivers/PythonReceiver.swift; the scripts are in Tests/Receivers.
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let scriptPath = tests.appendingPathComponent("Receivers").appendingPathComponent(script).path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptPath] + arguments + ["--dir", directory.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let lines = self.lines
        output.fileHandleForReading.readabilityHandler = { handle in lines.append(handle.availableData) }
        try process.run()
        let first = try lines.waitFor { $0.hasPrefix("PORT ") }
        guard let port = Int(first.dropFirst("PORT ".count)) else { throw ReceiverError(message: "no port in \(first)") }
        self.port = port
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The records printed so far.
    var records: [Record] {
        lines.all.compactMap { record(in: $0) }
    }

    /// The records printed so far once there are at least `count` (waits up to 30 s): the receiver
    /// prints a record before it answers, but the line reaches this process on the pipe's thread, so
    /// a request the server has finished may not be among `records` yet.
    func records(atLeast count: Int) throws -> [Record] {
        try lines.waitUntil { lines in lines.compactMap { record(in: $0) }.count >= count }
        return records
    }

    /// Waits (up to 30 s) for a record that `matches`, and returns it.
    func waitForRecord(_ matches: @escaping (Record) -> Bool) throws -> Record {
        let line = try lines.waitFor { line in record(in: line).map(matches) ?? false }
        return try XCTUnwrap(record(in: line))
    }

    /// The record a line holds; nil for the `PORT` line.
    private func record(in line: String) -> Record? {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try? decoder.decode(Record.self, from: Data(line.utf8))
    }

    /// The path of a file the receiver wrote into its directory.
    func file(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// Lines of a child's output, collected on the pipe's thread.
private final class LineCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [UInt8] = []
    private var lines: [String] = []

    var all: [String] { condition.withLock { lines } }

    func append(_ data: Data) {
        condition.withLock {
            pending += data
            while let end = pending.firstIndex(of: 0x0A) {
                lines.append(String(decoding: pending[..<end], as: UTF8.self))
                pending.removeSubrange(...end)
            }
            condition.broadcast()
        }
    }

    func waitUntil(_ holds: ([String]) -> Bool) throws {
        let deadline = Deadline(seconds: 30)
        condition.lock()
        defer { condition.unlock() }
        while !holds(lines) {
            guard condition.wait(until: deadline.end) else {
                throw ReceiverError(message: "the receiver's lines did not come within 30 s; last: \(lines.suffix(3))")
            }
        }
    }

    func waitFor(_ matches: (String) -> Bool) throws -> String {
        let deadline = Deadline(seconds: 30)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let line = lines.first(where: matches) { return line }
            guard condition.wait(until: deadline.end) else {
                throw ReceiverError(message: "no such line from the receiver within 30 s; last: \(lines.suffix(3))")
            }
        }
    }
}

/// A receiver that did not say what the test waited for.
struct ReceiverError: Error {
    let message: String
}
