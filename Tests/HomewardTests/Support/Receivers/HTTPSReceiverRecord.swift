/// One request as Tests/Receivers/https_receiver.py saw it: a webhook, or a call to the Gotify, ntfy
/// or Telegram API it speaks; fields a request did not have are nil.
struct HTTPSReceiverRecord: Decodable {
    /// A message as Gotify stored it.
    struct Gotify: Decodable {
        let title: String
        let message: String
        let priority: Int
    }

    /// A message as ntfy stored it.
    struct Ntfy: Decodable {
        /// A button on the notification.
        struct Action: Decodable {
            let action: String
            let label: String
            let url: String?
        }

        let topic: String
        let title: String
        let message: String
        let priority: Int
        let tags: [String]
        let click: String
        let actions: [Action]
    }

    /// A Telegram Bot API call, with its method.
    struct Telegram: Decodable {
        let method: String
        let chatId: String?
        let text: String?
        let latitude: Double?
        let longitude: Double?
    }

    let path: String
    let method: String?
    let signatureOk: Bool?
    let event: String?
    let idempotencyKey: String?
    let body: String?
    let peerPort: Int?
    let status: Int?
    /// Set on the record of a `/hold` request that is waiting for `/release`.
    let holding: Bool?
    let gotify: Gotify?
    let ntfy: Ntfy?
    let telegram: Telegram?
}
