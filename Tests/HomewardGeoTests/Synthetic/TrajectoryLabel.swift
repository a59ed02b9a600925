@testable import HomewardGeo

/// The ground truth of a synthetic trajectory.
enum TrajectoryLabel: String, CaseIterable {
    case direct, commute, lapping, pacing, random

    /// The wandering pattern the detector should report, or nil for ordinary travel.
    var expectedPattern: WanderingPattern? {
        switch self {
        case .direct, .commute: nil
        case .lapping: .lapping
        case .pacing: .pacing
        case .random: .random
        }
    }
}
