/// How the person travels on a trip (`mode` in the trips API).
public enum TravelMode: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// On foot.
    case walking
    /// By bicycle.
    case cycling
    /// By car or taxi.
    case driving
    /// By bus, tram or train.
    case transit
}
