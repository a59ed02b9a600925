@testable import Homeward

extension API {
    /// `GET /v1/accounts/{id}/zones`: the app's own (Codable) zone resources.
    struct ZoneList: Decodable {
        let zones: [ZoneResource]
    }

    /// The body of `POST /v1/accounts/{id}/zones`: a circle or a polygon, its rules, and the time zone
    /// and schedule they are read in.
    struct ZoneRequest: Encodable {
        let name: String
        var center: ZonePoint?
        var radius: Double?
        var polygon: [ZonePoint]?
        var home: Bool?
        var expected: ZoneArrivalRule?
        var unaccompanied: ZoneCompanionRule?
        var timeZone: String?
        var schedule: [ZoneScheduleWindow]?

        /// A circle of `radius` metres around `lat`, `lon`.
        static func circle(_ name: String, lat: Double, lon: Double, radius: Double, home: Bool? = nil) -> ZoneRequest {
            ZoneRequest(name: name, center: ZonePoint(lat: lat, lon: lon), radius: radius, home: home)
        }
    }
}
