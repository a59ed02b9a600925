import Foundation
import Homeward
import XCTest

/// Web Push messages sent through the real outgoing client to a push service stand-in
/// (Tests/Receivers/webpush_receiver.py, HTTPS with a throwaway CA) that decrypts them as a browser
/// does and checks the VAPID token as a push service does, both with Python's `cryptography`.
final class WebPushRequestTests: XCTestCase {
    private let subject = "mailto:admin@homeward.example"
    private let payload = Array(#"{"title":"SOS: Anna","body":"SOS for Anna: fell at the bus stop.","url":"/people/anna"}"#.utf8)
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("homeward-webpush-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func startReceiver() throws -> (receiver: PythonReceiver<WebPushReceiverRecord>, p256dh: [UInt8], auth: [UInt8], client: OutgoingHTTPClient) {
        let receiver = try PythonReceiver<WebPushReceiverRecord>(script: "webpush_receiver.py", modules: ["cryptography", "trustme"])
        let subscription = try WebPushSubscription(of: receiver)
        var configuration = OutgoingHTTPClient.Configuration()
        configuration.caFilePath = receiver.file("ca.pem")
        configuration.timeoutSeconds = 20
        let client = OutgoingHTTPClient(configuration: configuration, policy: OutgoingAddressPolicy(allowedHosts: ["127.0.0.1"]))
        return (
            receiver, try XCTUnwrap(Base64URL.decode(subscription.p256dh)), try XCTUnwrap(Base64URL.decode(subscription.auth)),
            client
        )
    }

    private func request(
        to receiver: PythonReceiver<WebPushReceiverRecord>, path: String, p256dh: [UInt8], auth: [UInt8], keys: VAPIDKeys, urgency: WebPushUrgency = .high
    ) throws -> OutgoingRequest {
        try WebPushRequest.make(
            endpoint: try XCTUnwrap(OutgoingURL("https://127.0.0.1:\(receiver.port)\(path)")), p256dh: p256dh, authSecret: auth,
            payload: payload, keys: keys, subject: subject, ttlSeconds: 3600, urgency: urgency,
            now: Timestamp(unixMilliseconds: Int64(Date().timeIntervalSince1970 * 1000)))
    }

    func testThePushServiceDecryptsThePayloadAndAcceptsTheVAPIDToken() throws {
        let (receiver, p256dh, auth, client) = try startReceiver()
        defer { client.stop() }
        let keys = try VAPIDKeys.loadOrCreate(path: directory.appendingPathComponent("homeward.sqlite.vapid").path)
        let request = try request(to: receiver, path: "/push/subscription-1", p256dh: p256dh, auth: auth, keys: keys)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.headers.map(\.name), ["TTL", "Urgency", "Content-Encoding", "Content-Type", "Authorization"])

        let response = try client.perform(request).get()
        XCTAssertEqual(response.status, 201)
        let record = try receiver.waitForRecord { $0.path == "/push/subscription-1" }
        XCTAssertEqual(record.decryptedOk, true, "\(record)")
        XCTAssertEqual(record.payload, String(decoding: payload, as: UTF8.self))
        XCTAssertEqual(record.vapidOk, true, "\(record)")
        XCTAssertEqual(record.k, keys.publicKeyBase64URL)
        let claims = try XCTUnwrap(record.claims)
        XCTAssertEqual(claims.aud, "https://127.0.0.1:\(receiver.port)")
        XCTAssertEqual(claims.sub, subject)
        XCTAssertEqual(record.ttl, "3600")
        XCTAssertEqual(record.urgency, "high")
        XCTAssertEqual(record.contentEncoding, "aes128gcm")
        XCTAssertEqual(record.contentType, "application/octet-stream")
        XCTAssertEqual(record.bodyBytes, WebPushEncryption.headerByteCount + payload.count + WebPushEncryption.recordOverheadBytes)
    }

    func testEveryUrgencyIsAccepted() throws {
        let (receiver, p256dh, auth, client) = try startReceiver()
        defer { client.stop() }
        let keys = try VAPIDKeys.loadOrCreate(path: directory.appendingPathComponent("homeward.sqlite.vapid").path)
        for urgency in WebPushUrgency.allCases {
            let request = try request(to: receiver, path: "/push/\(urgency.rawValue)", p256dh: p256dh, auth: auth, keys: keys, urgency: urgency)
            XCTAssertEqual(try client.perform(request).get().status, 201, urgency.rawValue)
            let record = try receiver.waitForRecord { $0.path == "/push/\(urgency.rawValue)" }
            XCTAssertEqual(record.urgency, urgency.rawValue)
        }
    }

    func testAWrongAuthSecretLeavesThePushServiceUnableToDecrypt() throws {
        let (receiver, p256dh, auth, client) = try startReceiver()
        defer { client.stop() }
        let keys = try VAPIDKeys.loadOrCreate(path: directory.appendingPathComponent("homeward.sqlite.vapid").path)
        var wrongAuth = auth
        wrongAuth[0] ^= 0xff
        let response = try client.perform(try request(to: receiver, path: "/push/wrong-auth", p256dh: p256dh, auth: wrongAuth, keys: keys)).get()
        XCTAssertEqual(response.status, 400)
        let record = try receiver.waitForRecord { $0.path == "/push/wrong-auth" }
        XCTAssertEqual(record.decryptedOk, false)
        XCTAssertEqual(record.decryptError, "the record does not decrypt (wrong keys or auth secret)")
        XCTAssertEqual(record.vapidOk, true, "only the payload is wrong: \(record)")
    }

    func testATokenForAnotherOriginIsRefusedByThePushService() throws {
        let (receiver, p256dh, auth, client) = try startReceiver()
        defer { client.stop() }
        let keys = try VAPIDKeys.loadOrCreate(path: directory.appendingPathComponent("homeward.sqlite.vapid").path)
        var request = try request(to: receiver, path: "/push/other-origin", p256dh: p256dh, auth: auth, keys: keys)
        let foreign = try VAPIDToken.authorization(
            endpoint: "https://push.example/x", subject: subject, keys: keys,
            now: Timestamp(unixMilliseconds: Int64(Date().timeIntervalSince1970 * 1000)))
        request.headers = request.headers.map { $0.name == "Authorization" ? OutgoingHeader("Authorization", foreign) : $0 }
        XCTAssertEqual(try client.perform(request).get().status, 403)
        let record = try receiver.waitForRecord { $0.path == "/push/other-origin" }
        XCTAssertEqual(record.vapidOk, false)
        XCTAssertEqual(record.vapidError, "aud https://push.example is not https://127.0.0.1:\(receiver.port)")
    }

    func testATTLOutsideWhatPushServicesKeepIsRefused() throws {
        let keys = try VAPIDKeys.loadOrCreate(path: directory.appendingPathComponent("homeward.sqlite.vapid").path)
        let browser = try VAPIDKeys.loadOrCreate(path: directory.appendingPathComponent("browser.vapid").path)
        for ttl in [-1, WebPushRequest.maxTTLSeconds + 1] {
            XCTAssertThrowsError(try WebPushRequest.make(
                endpoint: try XCTUnwrap(OutgoingURL("https://push.example/x")), p256dh: browser.publicKey, authSecret: [UInt8](repeating: 1, count: 16),
                payload: payload, keys: keys, subject: subject, ttlSeconds: ttl, urgency: .normal, now: Timestamp(unixMilliseconds: 0))
            ) { error in
                XCTAssertEqual(error as? WebPushError, .invalidTTL(seconds: ttl))
            }
        }
    }
}
