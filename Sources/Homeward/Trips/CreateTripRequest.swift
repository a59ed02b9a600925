import HomewardGeo
import HomewardHTTP

/// The body of POST /v1/trips.
public struct CreateTripRequest: Sendable, Decodable {
    /// The most route points accepted.
    public static let maxRoutePoints = 10_000
    /// The most passengers a trip may be created for.
    public static let maxPassengers = 100

    /// Where the trip ends.
    public var destination: TripPlace
    /// Where it starts, if the traveller said.
    public var origin: TripPlace?
    /// How the traveller goes.
    public var mode: TravelMode
    /// The planned route, if any.
    public var route: TripRouteInput?
    /// When the traveller expects to arrive, if they said.
    public var expectedArrival: Timestamp?
    /// Passengers the trip is for (a driver's ride), if given.
    public var passengers: Int?

    /// 400 naming the field at fault, for what decoding alone cannot check.
    func validate(startingAt start: Timestamp) throws(HTTPError) {
        try destination.validate(as: "destination")
        try origin?.validate(as: "origin")
        if let route, route.points.count > Self.maxRoutePoints {
            throw .invalidRequest("route must have at most \(Self.maxRoutePoints) points.", field: "route")
        }
        if let passengers, !(0...Self.maxPassengers).contains(passengers) {
            throw .invalidRequest("passengers must be between 0 and \(Self.maxPassengers).", field: "passengers")
        }
        if let expectedArrival, expectedArrival <= start {
            throw .invalidRequest("expectedArrival must be in the future.", field: "expectedArrival")
        }
    }
}
