import Foundation
import Homeward
import XCTest

/// The outgoing client against real local receivers: TLS trust, refused addresses in their many
/// spellings, redirects, and a receiver that never answers.
final class OutgoingHTTPClientTests: XCTestCase {
    private let secret = "receiver-test-secret"

    private func client(caFile: String?, allowing hosts: [String] = [], perDestination: Int = 4) -> OutgoingHTTPClient {
        var configuration = OutgoingHTTPClient.Configuration()
        configuration.caFilePath = caFile
        configuration.timeoutSeconds = 20
        configuration.maxConcurrentPerDestination = perDestination
        return OutgoingHTTPClient(configuration: configuration, policy: OutgoingAddressPolicy(allowedHosts: hosts))
    }

    private func signedPost(to url: String, body: String = #"{"hello":"world"}"#) throws -> OutgoingRequest {
        let bytes = Array(body.utf8)
        let signature = SecretDigest.hex(SecretDigest.hmacSHA256(bytes, key: Array(secret.utf8)))
        return OutgoingRequest(
            url: try XCTUnwrap(OutgoingURL(url)), headers: [OutgoingHeader("X-Homeward-Signature", "sha256=\(signature)")],
            body: bytes)
    }

    func testHTTPSIsVerifiedAgainstTheTrustedCA() throws {
        let receiver = try PythonReceiver<HTTPSReceiverRecord>(script: "https_receiver.py", arguments: ["--secret", secret], modules: ["trustme"])
        let client = client(caFile: receiver.file("ca.pem"), allowing: ["127.0.0.1"])
        defer { client.stop() }
        let response = try client.perform(signedPost(to: "https://127.0.0.1:\(receiver.port)/hook")).get()
        XCTAssertEqual(response.status, 204)
        let record = try receiver.waitForRecord { $0.path == "/hook" }
        XCTAssertEqual(record.signatureOk, true)
    }

    func testRequestsToOneDestinationReuseTheirConnection() throws {
        let receiver = try PythonReceiver<HTTPSReceiverRecord>(script: "https_receiver.py", arguments: ["--secret", secret], modules: ["trustme"])
        let client = client(caFile: receiver.file("ca.pem"), allowing: ["127.0.0.1"])
        defer { client.stop() }
        for path in ["/first", "/second", "/third"] {
            XCTAssertEqual(try client.perform(signedPost(to: "https://127.0.0.1:\(receiver.port)\(path)")).get().status, 204)
        }
        _ = try receiver.waitForRecord { $0.path == "/third" }
        let ports = Set(receiver.records.compactMap { $0.peerPort })
        XCTAssertEqual(receiver.records.count, 3)
        XCTAssertEqual(ports.count, 1, "one TLS connection for all three: \(ports)")
    }

    func testACertificateFromAnotherCAFailsAndNothingIsSent() throws {
        let receiver = try PythonReceiver<HTTPSReceiverRecord>(script: "https_receiver.py", arguments: ["--secret", secret], modules: ["trustme"])
        for caFile in [receiver.file("other-ca.pem"), nil] {
            let client = client(caFile: caFile, allowing: ["127.0.0.1"])
            defer { client.stop() }
            switch client.perform(try signedPost(to: "https://127.0.0.1:\(receiver.port)/hook")) {
            case .success(let response): XCTFail("an untrusted certificate was accepted (\(response.status)), CA file \(caFile ?? "system")")
            case .failure(let error): XCTAssertFalse(error.isRefusal, error.description)
            }
        }
        XCTAssertTrue(receiver.records.isEmpty, "no request reached the receiver: \(receiver.records)")
    }

    func testLoopbackIsRefusedInEverySpellingBeforeAnyByteIsSent() throws {
        let receiver = try PythonReceiver<HTTPSReceiverRecord>(script: "https_receiver.py", arguments: ["--plain", "--secret", secret])
        let client = client(caFile: nil)
        defer { client.stop() }
        let port = receiver.port
        for url in [
            "http://127.0.0.1:\(port)/", "http://2130706433:\(port)/", "http://0x7f.1:\(port)/", "http://017700000001:\(port)/",
            "http://127.1:\(port)/", "http://localhost:\(port)/", "http://[::ffff:127.0.0.1]:\(port)/", "http://[::1]:\(port)/",
            "http://0.0.0.0:\(port)/",
        ] {
            switch client.perform(try signedPost(to: url)) {
            case .success(let response): XCTFail("\(url) was reached (\(response.status))")
            case .failure(let error): XCTAssertTrue(error.isRefusal, "\(url): \(error)")
            }
        }
        XCTAssertTrue(receiver.records.isEmpty, "\(receiver.records)")
    }

    func testARedirectIsNotFollowed() throws {
        let receiver = try PythonReceiver<HTTPSReceiverRecord>(script: "https_receiver.py", arguments: ["--plain", "--secret", secret])
        let client = client(caFile: nil, allowing: ["127.0.0.1"])
        defer { client.stop() }
        let response = try client.perform(signedPost(to: "http://127.0.0.1:\(receiver.port)/redirect")).get()
        XCTAssertEqual(response.status, 302)
        _ = try client.perform(OutgoingRequest(method: "GET", url: XCTUnwrap(OutgoingURL("http://127.0.0.1:\(receiver.port)/done")))).get()
        _ = try receiver.waitForRecord { $0.path == "/done" }
        XCTAssertEqual(receiver.records.compactMap { $0.path }, ["/redirect", "/done"])
    }

    func testAReceiverThatNeverAnswersHoldsOnlyItsOwnDestination() throws {
        let silent = try PythonReceiver<HTTPSReceiverRecord>(script: "https_receiver.py", arguments: ["--plain", "--secret", secret])
        let healthy = try PythonReceiver<HTTPSReceiverRecord>(script: "https_receiver.py", arguments: ["--plain", "--secret", secret])
        let client = client(caFile: nil, allowing: ["127.0.0.1"], perDestination: 1)
        defer { client.stop() }
        let held = DispatchSemaphore(value: 0)
        let queued = DispatchSemaphore(value: 0)
        client.send(try signedPost(to: "http://127.0.0.1:\(silent.port)/hold")) { _ in held.signal() }
        _ = try silent.waitForRecord { $0.holding == true }
        client.send(try signedPost(to: "http://127.0.0.1:\(silent.port)/queued")) { _ in queued.signal() }

        let response = try client.perform(signedPost(to: "http://127.0.0.1:\(healthy.port)/hook")).get()
        XCTAssertEqual(response.status, 204)
        XCTAssertEqual(held.wait(timeout: .now()), .timedOut, "the held request is still waiting for its answer")
        XCTAssertFalse(silent.records.contains { $0.path == "/queued" }, "one request at a time to that destination")

        // Another destination (by name), allowed through its address 127.0.0.1; where localhost also
        // resolves to ::1, that address is refused and the request still goes through the other.
        let release = try client.perform(OutgoingRequest(method: "GET", url: XCTUnwrap(OutgoingURL("http://localhost:\(silent.port)/release"))))
        XCTAssertEqual(try release.get().status, 200)
        XCTAssertTrue(Deadline.signalled(held), "the held request is answered once released")
        XCTAssertTrue(Deadline.signalled(queued), "then the queued one is sent")
        _ = try silent.waitForRecord { $0.path == "/queued" }
    }
}
