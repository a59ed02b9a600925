import Foundation

/// The browser-side keys webpush_receiver.py writes to `subscription.json`, as a browser would hand
/// them to the page (base64url).
struct WebPushSubscription: Decodable {
    let p256dh: String
    let auth: String

    /// The subscription the receiver wrote into its directory.
    init(of receiver: PythonReceiver<WebPushReceiverRecord>) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(contentsOf: URL(fileURLWithPath: receiver.file("subscription.json"))))
    }
}
