/// One push as Tests/Receivers/webpush_receiver.py checked it: the VAPID token, the headers, and the
/// payload once decrypted.
struct WebPushReceiverRecord: Decodable {
    let path: String
    let status: Int
    let vapidOk: Bool
    let vapidError: String?
    let k: String?
    let claims: VAPIDClaims?
    let ttl: String?
    let urgency: String?
    let contentEncoding: String?
    let contentType: String?
    let bodyBytes: Int
    let decryptedOk: Bool
    let decryptError: String?
    let payload: String?
}
