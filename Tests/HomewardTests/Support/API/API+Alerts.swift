@testable import Homeward

extension API {
    /// A page of `GET /v1/alerts`: the app's own (Codable) alert resources.
    struct AlertList: Decodable {
        let alerts: [AlertResource]
        let nextCursor: String?
    }
}
