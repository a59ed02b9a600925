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
        let receiver = try PythonReceiver(script: "webpush_receiver.py", modules: ["cryptography", "trustme"])
        let subscription = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: receiver.file("subscription.json")))) as? [String: String])
        let test = try TestApp {
            $0.outgoingAllowHosts = ["127.0.0.1"]
            $0.outgoingCAFilePath = receiver.file("ca.pem")
            $0.vapidSubject = "mailto:admin@homeward.example.org"
        }
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        let keys = #""keys":{"p256dh":"\#(subscription["p256dh"] ?? "")","auth":"\#(subscription["auth"] ?? "")"}"#
        var publicKey = ""
        try test.withClient { client in
            let key = try client.execute(.get, "/v1/push/vapid-public-key", headers: guardian.auth)
            XCTAssertEqual(key.status.code, 200)
            publicKey = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(key.body)) as? [String: String])?["publicKey"])
            for path in ["/push/browser-1", "/gone/browser-2"] {
                let added = try client.execute(
                    .post, "/v1/me/channels", headers: guardian.auth,
                    body: Array(#"{"kind":"webpush","webpush":{"endpoint":"https://127.0.0.1:\#(receiver.port)\#(path)","expirationTime":null,\#(keys)}}"#.utf8))
                XCTAssertEqual(added.status.code, 201, added.text)
            }
            XCTAssertEqual(try client.execute(.post, "/v1/alerts", headers: person.auth, body: Array(#"{"type":"sos","message":"help"}"#.utf8)).status.code, 201)
        }
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 2)
        let record = try receiver.waitForRecord { $0["path"] as? String == "/push/browser-1" }
        XCTAssertEqual(record["status"] as? Int, 201, "\(record)")
        XCTAssertEqual(record["vapid_ok"] as? Bool, true)
        XCTAssertEqual(record["k"] as? String, publicKey, "signed with the key browsers subscribe with")
        XCTAssertEqual((record["claims"] as? [String: Any])?["sub"] as? String, "mailto:admin@homeward.example.org")
        XCTAssertEqual(record["urgency"] as? String, "high")
        XCTAssertEqual(record["ttl"] as? String, "86400")
        let payload = try XCTUnwrap((record["payload"] as? String).flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        XCTAssertEqual(payload["title"] as? String, "SOS: Person")
        XCTAssertEqual(payload["body"] as? String, "SOS for Person: help.")
        XCTAssertEqual(payload["urgent"] as? Bool, true)

        _ = try receiver.waitForRecord { $0["path"] as? String == "/gone/browser-2" }
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
