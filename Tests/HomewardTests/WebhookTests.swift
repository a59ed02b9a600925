import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest
@testable import Homeward

/// Webhooks: registration, signed delivery from the outbox, retry until a 2xx, giving up.
final class WebhookTests: XCTestCase {
    func testDeliveryIsRetriedUntilSuccessAndSeenOnceByTheReceiver() throws {
        let receiver = try WebhookReceiver(failures: 2)
        defer { receiver.stop() }
        let test = try TestApp { $0.outgoingAllowHosts = ["127.0.0.1"] }
        let (person, guardian) = try personAndGuardian(in: test)
        let secret = "a-long-enough-secret"
        try test.withClient { client in
            for url in ["ftp://example.org/hook", "http://user@example.org/hook", "example.org/hook"] {
                let wrong = try client.execute(.put, "/v1/me/webhook", headers: guardian.auth,
                                               body: JSONBody.encode(API.WebhookRequest(url: url, secret: secret)))
                XCTAssertEqual(wrong.status.code, 400, url)
            }
            let answer = try setWebhook("http://127.0.0.1:\(receiver.port)/hook", secret: secret, for: guardian, with: client)
            XCTAssertFalse(answer.contains(secret))
            XCTAssertEqual(try client.execute(.get, "/v1/me/webhook", headers: guardian.auth).status.code, 200)
            XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS())).status.code, 201)
        }
        for _ in 0..<3 {
            XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 1)
            test.clock.advance(bySeconds: 3_600)
        }
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 0)
        XCTAssertEqual(receiver.requests.count, 3)
        XCTAssertEqual(Set(receiver.requests.map(\.idempotencyKey)).count, 1, "every attempt carries the same key")
        XCTAssertEqual(receiver.acceptedOnce.count, 1)
        let request = try XCTUnwrap(receiver.requests.last)
        let expected = "sha256=" + SecretDigest.hex(SecretDigest.hmacSHA256(request.body, key: Array(secret.utf8)))
        XCTAssertEqual(request.signature, expected)
        XCTAssertTrue(String(decoding: request.body, as: UTF8.self).contains(#""event":"raised""#))
        let row: (String, Int64) = try XCTUnwrap(test.app.database.read { db in
            try db.fetchOne("SELECT status, attempts FROM alert_deliveries") { (try $0.value(at: 0) as String, try $0.value(at: 1) as Int64) }
        })
        XCTAssertEqual(row.0, "delivered")
        XCTAssertEqual(row.1, 3)
    }

    func testAnSOSRaisedWithoutAPositionReachesTheWebhookWithTheNewestFixAndItsAge() throws {
        let receiver = try WebhookReceiver(failures: 0)
        defer { receiver.stop() }
        let test = try TestApp {
            $0.outgoingAllowHosts = ["127.0.0.1"]
            $0.publicBaseURL = "https://homeward.example.org"
        }
        let (person, guardian) = try personAndGuardian(in: test)
        let fixTime = test.clock.now()
        try test.withClient { client in
            try setWebhook("http://127.0.0.1:\(receiver.port)/hook", secret: "a-long-enough-secret", for: guardian, with: client)
            let fix = API.LocationSample(t: Double(fixTime.unixMilliseconds) / 1000, lat: 51.5072, lon: -0.1276)
            XCTAssertEqual(try client.execute(
                .post, "/v1/locations", headers: person.auth, body: JSONBody.encode(API.LocationBatch(samples: [fix]))).status.code, 200)
            test.clock.advance(bySeconds: 12 * 60)
            XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS())).status.code, 201)
        }
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 1)
        let body = try JSONDecoder().decode(AlertNotification.self, from: Data(try XCTUnwrap(receiver.requests.first).body))
        XCTAssertEqual(body.place, "51.50720, -0.12760, 12 min ago")
        XCTAssertEqual(body.message, "SOS for Person. Where: 51.50720, -0.12760, 12 min ago.")
        XCTAssertEqual(body.alert.location?.t, fixTime)
        XCTAssertEqual(body.link, "https://homeward.example.org/#alerts/\(body.alert.id)")
    }

    func testDeliveryIsGivenUpAfterTheConfiguredTime() throws {
        let receiver = try WebhookReceiver(failures: 1_000)
        defer { receiver.stop() }
        let test = try TestApp {
            $0.webhookGiveUpSeconds = 600
            $0.outgoingAllowHosts = ["127.0.0.1"]
        }
        let (person, guardian) = try personAndGuardian(in: test)
        try test.app.database.write { db in
            try db.execute(
                "INSERT INTO webhooks (account_key, url, secret, created_at_ms, updated_at_ms) VALUES (?, ?, 'sixteen-chars-secret', 0, 0)",
                guardian.key, "http://127.0.0.1:\(receiver.port)/")
        }
        _ = try test.app.alertService.raiseSOS(
            SOSRequest(type: "sos"),
            by: Caller(accountKey: person.key, accountID: person.id, sessionID: nil))
        for _ in 0..<20 {
            try test.app.deliveryWorker.deliverDue()
            test.clock.advance(bySeconds: 120)
        }
        XCTAssertEqual(try deliveryStatus(in: test), "failed")
        XCTAssertLessThan(receiver.requests.count, 20)
    }

    func testAnHTTPSWebhookIsDeliveredSignedOverVerifiedTLS() throws {
        let secret = "an-https-webhook-secret"
        let receiver = try PythonReceiver<HTTPSReceiverRecord>(script: "https_receiver.py", arguments: ["--secret", secret], modules: ["trustme"])
        let test = try appTrusting(receiver)
        let (person, guardian) = try personAndGuardian(in: test)
        try test.withClient { client in
            try setWebhook("https://127.0.0.1:\(receiver.port)/hook", secret: secret, for: guardian, with: client)
            XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS())).status.code, 201)
        }
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 1)
        let record = try receiver.waitForRecord { $0.path == "/hook" }
        XCTAssertEqual(record.signatureOk, true)
        XCTAssertEqual(record.event, "raised")
        XCTAssertEqual(try deliveryStatus(in: test), "delivered")
    }

    func testAWebhookTestIsSignedAndSaysWhatTheReceiverAnswered() throws {
        let secret = "a-webhook-test-secret"
        let receiver = try PythonReceiver<HTTPSReceiverRecord>(script: "https_receiver.py", arguments: ["--secret", secret], modules: ["trustme"])
        let test = try appTrusting(receiver)
        let guardian = try test.makeAccount(name: "Guardian")
        try test.withClient { client in
            XCTAssertEqual(try client.execute(.post, "/v1/me/webhook/test", headers: guardian.auth).status.code, 404)
            for (path, delivered, status) in [("/hook", true, 204), ("/fail", false, 500)] {
                try setWebhook("https://127.0.0.1:\(receiver.port)\(path)", secret: secret, for: guardian, with: client)
                let answer = try client.execute(.post, "/v1/me/webhook/test", headers: guardian.auth)
                XCTAssertEqual(answer.status.code, 200, answer.text)
                let result = try JSONDecoder().decode(WebhookTestResult.self, from: Data(answer.body))
                XCTAssertEqual(result.delivered, delivered, answer.text)
                XCTAssertEqual(result.status, status)
                let record = try receiver.waitForRecord { $0.path == path }
                XCTAssertEqual(record.event, "test")
                XCTAssertEqual(record.signatureOk, true)
            }
            var last = 0
            for _ in 0..<RateLimitPolicy.testNotificationsPerAccount.maxFailures {
                last = Int(try client.execute(.post, "/v1/me/webhook/test", headers: guardian.auth).status.code)
                if last == 429 { break }
            }
            XCTAssertEqual(last, 429, "tests are limited per account")
        }
    }

    func testTheWebhookShowsItsLastDeliveryAndItsLastError() throws {
        let receiver = try WebhookReceiver(failures: 1)
        defer { receiver.stop() }
        let test = try TestApp { $0.outgoingAllowHosts = ["127.0.0.1"] }
        let (person, guardian) = try personAndGuardian(in: test)
        func webhook() throws -> WebhookResource {
            try test.withClient { client in
                let answer = try client.execute(.get, "/v1/me/webhook", headers: guardian.auth)
                return try JSONDecoder().decode(WebhookResource.self, from: Data(answer.body))
            }
        }
        try test.withClient { client in
            try setWebhook("http://127.0.0.1:\(receiver.port)/hook", secret: "sixteen-chars-secret", for: guardian, with: client)
            XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS())).status.code, 201)
        }
        XCTAssertNil(try webhook().lastDeliveredAt)
        try test.app.deliveryWorker.deliverDue()
        XCTAssertEqual(try webhook().lastError, "HTTP 500")
        XCTAssertNil(try webhook().lastDeliveredAt)
        test.clock.advance(bySeconds: 3_600)
        try test.app.deliveryWorker.deliverDue()
        XCTAssertEqual(try webhook().lastDeliveredAt, test.clock.now())
        XCTAssertNil(try webhook().lastError, "the delivery that failed once has since succeeded")
    }

    func testAnAlertShowsHowItReachedEachRecipient() throws {
        let receiver = try WebhookReceiver(failures: 0)
        defer { receiver.stop() }
        let test = try TestApp { $0.outgoingAllowHosts = ["localhost"] }
        let person = try test.makeAccount(name: "Person")
        let reached = try test.makeAccount(name: "Reached")
        let refused = try test.makeAccount(name: "Refused")
        let stranger = try test.makeAccount(name: "Stranger")
        try test.link(guardian: reached, dependent: person)
        try test.link(guardian: refused, dependent: person)
        try test.withClient { client in
            for (guardian, host) in [(reached, "localhost"), (refused, "127.0.0.1")] {
                try setWebhook("http://\(host):\(receiver.port)/hook", secret: "sixteen-chars-secret", for: guardian, with: client)
            }
            let raised = try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS()))
            let alert = try JSONDecoder().decode(AlertResource.self, from: Data(raised.body))
            XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 2)
            for viewer in [person, reached, refused] {
                let answer = try client.execute(.get, "/v1/alerts/\(alert.id)/deliveries", headers: viewer.auth)
                XCTAssertEqual(answer.status.code, 200, answer.text)
                let list = try JSONDecoder().decode(AlertDeliveryList.self, from: Data(answer.body))
                XCTAssertEqual(list.deliveries.map(\.recipient.name), ["Reached", "Refused"])
                XCTAssertEqual(list.deliveries.map(\.status), ["delivered", "pending"])
                XCTAssertEqual(list.deliveries.map(\.attempts), [1, 1])
                XCTAssertEqual(list.deliveries.map(\.event), ["raised", "raised"])
                XCTAssertEqual(list.deliveries[0].deliveredAt, test.clock.now())
                XCTAssertNil(list.deliveries[1].deliveredAt)
                XCTAssertTrue(list.deliveries[1].lastError?.contains("loopback") == true)
            }
            XCTAssertEqual(try client.execute(.get, "/v1/alerts/\(alert.id)/deliveries", headers: stranger.auth).status.code, 404)
            XCTAssertEqual(try client.execute(.get, "/v1/alerts/nope/deliveries", headers: person.auth).status.code, 404)
        }
        XCTAssertEqual(receiver.requests.count, 1)
    }

    func testAGotifyServerTakesTheWebhookBodyAsAMessageWithItsPriority() throws {
        let receiver = try PythonReceiver<HTTPSReceiverRecord>(
            script: "https_receiver.py", arguments: ["--secret", "unused-by-gotify-1234", "--gotify-token", "AbCdEf.123"],
            modules: ["trustme"])
        let test = try appTrusting(receiver)
        let (person, guardian) = try personAndGuardian(in: test)
        try test.withClient { client in
            try setWebhook(
                "https://127.0.0.1:\(receiver.port)/message?token=AbCdEf.123", secret: "unused-by-gotify-1234", for: guardian, with: client)
            let sos = try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS(message: "fell at the bus stop")))
            XCTAssertEqual(sos.status.code, 201)
        }
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 1)
        let record = try receiver.waitForRecord { $0.gotify != nil }
        let message = try XCTUnwrap(record.gotify)
        XCTAssertEqual(message.title, "SOS: Person")
        XCTAssertEqual(message.message, "SOS for Person: fell at the bus stop.")
        XCTAssertEqual(message.priority, 10)
        XCTAssertEqual(try deliveryStatus(in: test), "delivered")
    }

    func testAWebhookOnLoopbackIsRefusedUnlessTheHostIsAllowed() throws {
        let receiver = try WebhookReceiver(failures: 0)
        defer { receiver.stop() }
        let test = try TestApp()
        let (person, guardian) = try personAndGuardian(in: test)
        try test.withClient { client in
            try setWebhook("http://2130706433:\(receiver.port)/hook", secret: "sixteen-chars-secret", for: guardian, with: client)
            XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS())).status.code, 201)
        }
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 1)
        let row: (String, String?) = try XCTUnwrap(test.app.database.read { db in
            try db.fetchOne("SELECT status, last_error FROM alert_deliveries") { (try $0.value(at: 0) as String, try $0.value(at: 1) as String?) }
        })
        XCTAssertEqual(row.0, "pending")
        XCTAssertTrue(row.1?.contains("loopback") == true, row.1 ?? "no error")
        XCTAssertTrue(row.1?.hasSuffix("(whoever runs the server can allow it)") == true, "a guardian reads no flag: \(row.1 ?? "")")
        XCTAssertTrue(receiver.requests.isEmpty)
    }

    func testDeliveriesForAFailingDestinationWaitForItsRetryWithoutAnAttemptOfTheirOwn() throws {
        let receiver = try WebhookReceiver(failures: 1_000)
        defer { receiver.stop() }
        let test = try TestApp { $0.outgoingAllowHosts = ["127.0.0.1"] }
        let (person, guardian) = try personAndGuardian(in: test)
        try test.app.database.write { db in
            try db.execute(
                "INSERT INTO webhooks (account_key, url, secret, created_at_ms, updated_at_ms) VALUES (?, ?, 'sixteen-chars-secret', 0, 0)",
                guardian.key, "http://127.0.0.1:\(receiver.port)/")
        }
        let caller = Caller(accountKey: person.key, accountID: person.id, sessionID: nil)
        _ = try test.app.alertService.raiseSOS(SOSRequest(type: "sos"), by: caller)
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 1)
        XCTAssertEqual(receiver.requests.count, 1)
        test.clock.advance(bySeconds: 1)
        _ = try test.app.alertService.raiseSOS(
            SOSRequest(type: "sos", message: "again"), by: caller)
        try test.app.deliveryWorker.deliverDue()
        XCTAssertEqual(receiver.requests.count, 1, "the new delivery waits for the destination's retry time")
        let attempts: [Int64] = try test.app.database.read { db in
            try db.fetchAll("SELECT attempts FROM alert_deliveries ORDER BY key") { try $0.value(at: 0) }
        }
        XCTAssertEqual(attempts, [1, 0])
        test.clock.advance(bySeconds: 3_600)
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 2)
        XCTAssertEqual(receiver.requests.count, 3)
    }
}

extension WebhookTests {
    /// An app that may reach loopback and trusts the HTTPS receiver's throwaway CA.
    fileprivate func appTrusting(_ receiver: PythonReceiver<HTTPSReceiverRecord>) throws -> TestApp {
        try TestApp {
            $0.outgoingAllowHosts = ["127.0.0.1"]
            $0.outgoingCAFilePath = receiver.file("ca.pem")
        }
    }

    /// A person and a guardian linked to them.
    fileprivate func personAndGuardian(in test: TestApp) throws -> (TestApp.Account, TestApp.Account) {
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        return (person, guardian)
    }

    /// Sets the webhook of `guardian` over HTTP, as a client would, and returns the answer's text; the
    /// test fails unless it is accepted.
    @discardableResult
    fileprivate func setWebhook(_ url: String, secret: String, for guardian: TestApp.Account, with client: HTTPTestClient) throws -> String {
        let set = try client.execute(.put, "/v1/me/webhook", headers: guardian.auth,
                                     body: JSONBody.encode(API.WebhookRequest(url: url, secret: secret)))
        XCTAssertEqual(set.status.code, 200, set.text)
        return set.text
    }

    /// The status of the only webhook delivery.
    fileprivate func deliveryStatus(in test: TestApp) throws -> String? {
        try test.app.database.read { db in try db.fetchOne("SELECT status FROM alert_deliveries") }
    }
}

/// A one-thread HTTP receiver on a loopback port that answers 500 to the first `failures` requests and
/// 204 afterwards, and checks idempotency keys like a careful receiver would.
private final class WebhookReceiver: @unchecked Sendable {
    struct Request {
        let idempotencyKey: String
        let signature: String
        let body: [UInt8]
    }

    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var received: [Request] = []
    private var accepted: Set<String> = []
    private var remainingFailures: Int

    var requests: [Request] { lock.withLock { received } }
    var acceptedOnce: Set<String> { lock.withLock { accepted } }

    init(failures: Int) throws {
        remainingFailures = failures
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        listen(listener, 16)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in serve() }.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return }
            buffer += chunk[0..<count]
            let text = String(decoding: buffer, as: UTF8.self)
            guard let headEnd = text.range(of: "\r\n\r\n") else { continue }
            var headers: [String: String] = [:]
            for line in text[..<headEnd.lowerBound].split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
            }
            let headBytes = text[..<headEnd.upperBound].utf8.count
            let length = Int(headers["content-length"] ?? "0") ?? 0
            guard buffer.count >= headBytes + length else { continue }
            let request = Request(
                idempotencyKey: headers["idempotency-key"] ?? "", signature: headers["x-homeward-signature"] ?? "",
                body: Array(buffer[headBytes..<(headBytes + length)]))
            let fail: Bool = lock.withLock {
                received.append(request)
                guard remainingFailures == 0 else {
                    remainingFailures -= 1
                    return true
                }
                accepted.insert(request.idempotencyKey)
                return false
            }
            let answer = fail ? "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n\r\n" : "HTTP/1.1 204 No Content\r\n\r\n"
            _ = answer.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            return
        }
    }
}
