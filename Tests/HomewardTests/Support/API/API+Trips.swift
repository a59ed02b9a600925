import HomewardGeo
@testable import Homeward

extension API {
    /// The body of `POST /v1/trips`.
    struct TripRequest: Encodable {
        var origin: TripPlace?
        var destination: TripPlace
        var mode: TravelMode
        var route: TripRoute?
        var expectedArrival: Timestamp?
        var passengers: Int?

        /// A walk of about 1.1 km due north in Greenwich, along a straight two-point route.
        static let walkHome = TripRequest(
            origin: TripPlace(lat: 51.4800, lon: 0.0, name: "Park"),
            destination: TripPlace(lat: 51.4900, lon: 0.0, name: "Home"),
            mode: .walking,
            route: .points([Coordinate(lat: 51.4800, lon: 0.0), Coordinate(lat: 51.4900, lon: 0.0)]))

        /// This trip, expected at its destination at `time`.
        func arriving(at time: Timestamp) -> TripRequest {
            var request = self
            request.expectedArrival = time
            return request
        }
    }

    /// A trip's route as the request may give it: points, or an encoded polyline.
    enum TripRoute: Encodable {
        case points([Coordinate])
        case polyline(String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .points(let points): try container.encode(points)
            case .polyline(let polyline): try container.encode(polyline)
            }
        }
    }

    /// The body of `POST /v1/trips/{id}/events`: a button pressed, maybe offline, maybe with a place.
    struct TripEvent: Encodable {
        /// Where the phone was when the button was pressed.
        struct Place: Encodable {
            let lat: Double
            let lon: Double
            var accuracy: Double?
        }

        let type: String
        var t: Timestamp?
        var location: Place?
    }

    /// The body of `POST /v1/trips/join` (the traveller's phone or name, and the access code), and of
    /// `POST /v1/trips/watch` (phone and code).
    struct TripJoin: Encodable {
        var phone: String?
        var name: String?
        let accessCode: String
        /// Where a number typed the local way is read (the browser's country).
        var country: String?
    }
}
