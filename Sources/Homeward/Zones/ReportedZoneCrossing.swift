import Foundation
import HomewardGeo

/// A geofence crossing a tracking client detected on the phone and reported with a fix (an
/// OwnTracks `transition`), naming the region as the phone knows it. When the name is one of the
/// person's safe zones (compared without regard to case or surrounding spaces), the zone observer
/// lets it confirm that zone's exit or entry at once (see `HomewardGeo.ReportedCrossing`).
public struct ReportedZoneCrossing: Sendable, Equatable {
    /// The region's name on the phone.
    public var zoneName: String
    /// Which way the phone says the person crossed.
    public var direction: ReportedCrossing.Direction

    /// Creates a reported crossing.
    public init(zoneName: String, direction: ReportedCrossing.Direction) {
        self.zoneName = zoneName
        self.direction = direction
    }

    /// Whether `name`, a safe zone's, is the region the phone named.
    func names(_ name: String) -> Bool {
        name.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(zoneName.trimmingCharacters(in: .whitespaces)) == .orderedSame
    }
}
