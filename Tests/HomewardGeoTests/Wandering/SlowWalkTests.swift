import XCTest
@testable import HomewardGeo

/// The slow-walk rule: a person too slow for the motion state to call moving still has the shape of
/// their path judged, unless the window keeps coming back to its own places, as the drift of a
/// resting phone does.
final class SlowWalkTests: XCTestCase {
    /// Pacing up and down a 40 m corridor at 1 m/s for 15 minutes, one smoothed point a second.
    private func pacing() -> [PlanarPoint] {
        (0..<900).map { second in
            let phase = second % 80
            return PlanarPoint(x: Double(phase < 40 ? phase : 80 - phase), y: Double(second % 3))
        }
    }

    /// The changes the detector reports for `points`, every point with the same motion flags.
    private func changes(
        _ points: [PlanarPoint], isStationary: Bool, isSlow: Bool, configuration: TrackerConfiguration = TrackerConfiguration()
    ) -> [WanderingChange] {
        var detector = WanderingDetector(configuration: configuration)
        return points.enumerated().compactMap { second, point in
            detector.observe(point, at: UnixSeconds(1_795_000_000 + second), isStationary: isStationary, isSlow: isSlow,
                             configuration: configuration)
        }
    }

    private func starts(_ changes: [WanderingChange]) -> Bool {
        changes.contains {
            if case .started = $0 { return true }
            return false
        }
    }

    func testPacingIsJudgedAtWalkingSpeed() {
        XCTAssertTrue(starts(changes(pacing(), isStationary: false, isSlow: false)), "pacing up and down is a wandering shape")
    }

    func testASlowPathThatKeepsComingBackToItsOwnPlacesIsNotJudged() {
        XCTAssertEqual(changes(pacing(), isStationary: false, isSlow: true), [],
                       "while slow, a window revisiting its places as much as drift does decides nothing")
        var noLimit = TrackerConfiguration()
        noLimit.slowWalkMaxRevisitFraction = 1.1
        XCTAssertTrue(starts(changes(pacing(), isStationary: false, isSlow: true, configuration: noLimit)),
                      "the revisit limit, nothing else, is what keeps the slow window from being judged")
    }

    func testAStationaryPersonsPathIsNeverShaped() {
        XCTAssertEqual(changes(pacing(), isStationary: true, isSlow: false), [])
    }
}
