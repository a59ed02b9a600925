import Foundation
import XCTest

/// A real Eclipse Mosquitto broker (Debian's `mosquitto`, installed for the tests by `make test`)
/// on a free loopback port, with a password file and an ACL, its state persisted in its own
/// directory so a restart keeps sessions and retained messages. Without the binary the tests that
/// need it are skipped, unless `HOMEWARD_REQUIRE_MOSQUITTO` is set (as `make test` does), when they
/// fail: CI cannot skip them silently.
final class MosquittoBroker {
    static let executable = "/usr/sbin/mosquitto"
    let port: Int
    let directory: URL
    private var process: Process?

    /// A broker (not yet started) that knows `users` (name and password) and applies `acl`
    /// (mosquitto's acl_file syntax).
    init(users: [(String, String)], acl: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            if ProcessInfo.processInfo.environment["HOMEWARD_REQUIRE_MOSQUITTO"] != nil {
                XCTFail("\(Self.executable) is missing, but HOMEWARD_REQUIRE_MOSQUITTO is set")
            }
            throw XCTSkip("no MQTT broker: install Debian's mosquitto (make test does) to run this test")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("homeward-mosquitto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try Self.freePort()
        let passwords = directory.appendingPathComponent("passwords")
        try users.map { "\($0.0):\($0.1)\n" }.joined().write(to: passwords, atomically: true, encoding: .utf8)
        let hash = Process()
        hash.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_passwd")
        hash.arguments = ["-U", passwords.path]
        try hash.run()
        hash.waitUntilExit()
        XCTAssertEqual(hash.terminationStatus, 0, "mosquitto_passwd -U failed")
        try acl.write(to: directory.appendingPathComponent("acl"), atomically: true, encoding: .utf8)
        var config = """
            listener \(port) 127.0.0.1
            allow_anonymous false
            password_file \(passwords.path)
            acl_file \(directory.appendingPathComponent("acl").path)
            persistence true
            persistence_location \(directory.path)/
            log_dest file \(directory.appendingPathComponent("broker.log").path)
            log_type all

            """
        if getuid() == 0 { config += "user root\n" }
        try config.write(to: directory.appendingPathComponent("mosquitto.conf"), atomically: true, encoding: .utf8)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts the broker and waits until it accepts connections.
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["-c", directory.appendingPathComponent("mosquitto.conf").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        guard Deadline.waitUntil({ Self.accepts(port: port) }) else {
            throw ReceiverError(message: "mosquitto did not listen on \(port): \(log)")
        }
    }

    /// Stops the broker (SIGTERM: it saves its state) and waits for it to exit.
    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
        self.process = nil
    }

    /// The broker's log, for failure messages.
    var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("broker.log"), encoding: .utf8)) ?? ""
    }

    private static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw ReceiverError(message: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(port: Int) -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
