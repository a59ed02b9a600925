@testable import Homeward

extension API {
    /// `GET /v1/accounts/{id}/zones`: the app's own (Codable) zone resources.
    struct ZoneList: Decodable {
        let zones: [ZoneResource]
    }
}
