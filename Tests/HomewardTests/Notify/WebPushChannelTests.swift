import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// A browser subscribed as a channel gets an SOS it can decrypt, signed with the server's VAPID key;
/// a subscription the push service says is gone stops being tried.
final class WebPushChannelTests: XCTestCase {
    func testAnSOSIsPushedEncryptedToTheSubscribedBrowserAndAGoneSubscriptionIsDropped() throws {
        let receiver = try PythonReceiver<WebPushReceiverRecord>(script: "webpush_receiver.py", modules: ["cryptography", "trustme"])
        let subscription = try WebPushSubscription(of: receiver)
        let test = try TestApp {
            $0.outgoingAllowHosts = ["127.0.0.1"]
            $0.outgoingCAFilePath = receiver.file("ca.pem")
            $0.vapidSubject = "mailto:admin@homeward.example.org"
        }
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        let keys = #""keys":{"p256dh":"\#(subscription.p256dh)","auth":"\#(subscription.auth)"}"#
        var publicKey = ""
        try test.withClient { client in
            let key = try client.execute(.get, "/v1/push/vapid-public-key", headers: guardian.auth)
            XCTAssertEqual(key.status.code, 200)
            publicKey = try key.decode(API.VAPIDPublicKey.self).publicKey
            for path in ["/push/browser-1", "/gone/browser-2"] {
                let added = try client.execute(
                    .post, "/v1/me/channels", headers: guardian.auth,
                    body: Array(#"{"kind":"webpush","webpush":{"endpoint":"https://127.0.0.1:\#(receiver.port)\#(path)","expirationTime":null,\#(keys)}}"#.utf8))
                XCTAssertEqual(added.status.code, 201, added.text)
            }
            XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS(message: "help"))).status.code, 201)
        }
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 2)
        let record = try receiver.waitForRecord { $0.path == "/push/browser-1" }
        XCTAssertEqual(record.status, 201, "\(record)")
        XCTAssertEqual(record.vapidOk, true)
        XCTAssertEqual(record.k, publicKey, "signed with the key browsers subscribe with")
        XCTAssertEqual(record.claims?.sub, "mailto:admin@homeward.example.org")
        XCTAssertEqual(record.urgency, "high")
        XCTAssertEqual(record.ttl, "86400")
        let payload = try JSONDecoder().decode(WebPushPayload.self, from: Data(try XCTUnwrap(record.payload).utf8))
        XCTAssertEqual(payload.title, "SOS: Person")
        XCTAssertEqual(payload.body, "SOS for Person: help.")
        XCTAssertEqual(payload.urgent, true)

        _ = try receiver.waitForRecord { $0.path == "/gone/browser-2" }
        try test.withClient { client in
            let listed = try JSONDecoder().decode(ChannelList.self, from: Data(try client.execute(.get, "/v1/me/channels", headers: guardian.auth).body))
            XCTAssertEqual(listed.channels.count, 1, "the gone subscription was removed")
        }
        let gone: String? = try test.app.database.read { db in
            try db.fetchOne("SELECT d.last_error FROM alert_deliveries d JOIN notification_channels c ON c.key = d.channel_key WHERE c.removed_at_ms IS NOT NULL")
        }
        XCTAssertEqual(gone, "the browser's push subscription is gone (HTTP 410)")
    }
}
