/// The decrypted body of a push as the service worker reads it: `{title, body, url?, tag, urgent,
/// alertId, event}`.
struct WebPushPayload: Decodable {
    let title: String
    let body: String
    let url: String?
    let tag: String
    let urgent: Bool
    let alertId: String
    let event: String
}
