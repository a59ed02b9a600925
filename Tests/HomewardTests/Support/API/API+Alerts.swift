@testable import Homeward

extension API {
    /// A page of `GET /v1/alerts`: the app's own (Codable) alert resources.
    struct AlertList: Decodable {
        let alerts: [AlertResource]
        let nextCursor: String?
    }

    /// The body of `POST /v1/alerts` for an SOS: a message and where the phone was, both optional.
    struct SOS: Encodable {
        /// Where the phone was when SOS was pressed.
        struct Place: Encodable {
            let lat: Double
            let lon: Double
            var accuracy: Double?
        }

        let type = "sos"
        var message: String?
        var location: Place?
    }
}

extension API {
    /// The body of `PUT /v1/me/webhook`: where to post alerts, and the secret they are signed with.
    struct WebhookRequest: Encodable {
        let url: String
        let secret: String
    }
}

extension API {
    /// The body of `POST /v1/alerts/countdown`: how long until the danger alert fires.
    struct CountdownRequest: Encodable {
        let seconds: Int
    }
}
