import XCTest
@testable import HomewardGeo

/// Douglas–Peucker's work is linear in the track's length even on its crafted worst case; the work
/// is counted in distance evaluations, never timed.
final class DouglasPeuckerWorkTests: XCTestCase {
    /// A zig-zag along a parallel whose amplitude shrinks a little at every point: each split of
    /// plain Douglas–Peucker peels off only the point next to the segment's start, so it costs n²/2.
    private func shrinkingZigZag(count: Int) -> [Coordinate] {
        let metresPerDegree = 111_195.0
        return (0..<count).map { index in
            let amplitudeMetres = 1_000 - 0.05 * Double(index)
            return Coordinate(lat: (index % 2 == 0 ? -1 : 1) * amplitudeMetres / metresPerDegree, lon: Double(index) / metresPerDegree)
        }
    }

    func testTheCraftedWorstCaseIsQuadraticWithoutWindows() {
        let points = shrinkingZigZag(count: 2_000)
        var evaluations = 0
        let kept = DouglasPeucker.simplify(points, toleranceMetres: 1, windowPoints: points.count, evaluations: &evaluations)
        XCTAssertEqual(kept.count, points.count)
        XCTAssertGreaterThan(evaluations, points.count * points.count / 3)
    }

    func testWindowsBoundTheWorkToLinearOnTheCraftedWorstCase() {
        for count in [2_000, 8_000] {
            let points = shrinkingZigZag(count: count)
            var evaluations = 0
            let kept = DouglasPeucker.simplify(
                points, toleranceMetres: 1, windowPoints: DouglasPeucker.windowPoints, evaluations: &evaluations)
            XCTAssertEqual(kept, points, "every point of the zig-zag lies beyond the tolerance")
            XCTAssertLessThanOrEqual(evaluations, count * DouglasPeucker.windowPoints / 2)
        }
    }

    func testWindowsKeepTheToleranceGuarantee() {
        var generator = SeededGenerator(seed: 7)
        var points: [Coordinate] = []
        var lat = 51.5, lon = -0.12
        for _ in 0..<3_000 {
            lat += Double.random(in: -0.0001...0.0001, using: &generator)
            lon += Double.random(in: -0.00005...0.00015, using: &generator)
            points.append(Coordinate(lat: lat, lon: lon))
        }
        var evaluations = 0
        let kept = DouglasPeucker.simplify(points, toleranceMetres: 15, windowPoints: 64, evaluations: &evaluations)
        XCTAssertLessThan(kept.count, points.count / 2)
        XCTAssertEqual(kept.first, points.first)
        XCTAssertEqual(kept.last, points.last)
        let projection = LocalProjection(centeredOn: points)
        var keptIndex = 0
        for (index, point) in points.enumerated() {
            if keptIndex + 1 < kept.count, point == kept[keptIndex + 1] { keptIndex += 1; continue }
            guard keptIndex + 1 < kept.count else { break }
            let segment = PlanarSegment(from: projection.project(kept[keptIndex]), to: projection.project(kept[keptIndex + 1]))
            XCTAssertLessThanOrEqual(segment.distance(to: projection.project(point)), 15 + 1e-6, "point \(index)")
        }
    }
}
