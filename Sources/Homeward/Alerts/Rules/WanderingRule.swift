import Foundation
import HomewardGeo

/// `wandering`: movement looks like lapping, pacing or random wandering, or the person is far from
/// home outside every safe zone for too long (the zones' tracker); each resolved when the tracker
/// says it ended.
public enum WanderingRule: GeoEventAlertRule {
    public static let type = AlertType.wandering
    public static let title = "Wandering"

    public static func actions(for event: GeoEvent, at moment: GeoAlertMoment) -> [AlertAction] {
        switch event {
        case .wanderingStarted(let pattern, let score):
            return [.raise(AlertRequest(
                type: .wandering, cause: AlertCause.wandering,
                message: "Movement looks like \(pattern.rawValue) (score \(String(format: "%.2f", score))).",
                location: moment.location))]
        case .wanderingEnded:
            return [.resolve(cause: AlertCause.wandering)]
        case .farFromHome(let distance):
            return [.raise(AlertRequest(
                type: .wandering, cause: AlertCause.farFromHome,
                message: "Far from home (\(Int(distance.rounded())) m) and outside every safe zone.",
                location: moment.location))]
        case .farFromHomeEnded:
            return [.resolve(cause: AlertCause.farFromHome)]
        default:
            return []
        }
    }
}

extension AlertType {
    /// Movement looks like wandering.
    public static let wandering = AlertType(declaring: "wandering")
}

extension AlertCause {
    /// A wandering pattern (lapping, pacing, random).
    public static let wandering = "wandering"
    /// Far from home for too long.
    public static let farFromHome = "wandering:far_from_home"
}
