import Foundation
@testable import HomewardGeo

/// A ground-truth movement in a local plane, one position per second, built from walks and pauses.
struct TruePath {
    private(set) var positions: [PlanarPoint]
    private(set) var speeds: [Double]
    /// Seconds at which the person is indoors (worse accuracy).
    private(set) var indoors: [Bool]

    init(start: PlanarPoint) {
        positions = [start]
        speeds = [0]
        indoors = [false]
    }

    var current: PlanarPoint { positions[positions.count - 1] }
    var durationSeconds: Int { positions.count - 1 }

    /// Walks in a straight line to `target` at about `speed` m/s (±10 % per second).
    mutating func walk(to target: PlanarPoint, speed: Double, using random: inout SeededGenerator) {
        while true {
            let here = current
            let remaining = here.distance(to: target)
            let step = max(0.05, speed * random.uniform(0.9...1.1))
            if remaining <= step {
                append(target, speed: remaining, indoors: false)
                return
            }
            let fraction = step / remaining
            append(
                PlanarPoint(x: here.x + (target.x - here.x) * fraction, y: here.y + (target.y - here.y) * fraction),
                speed: step, indoors: false)
        }
    }

    /// Walks through `targets` in order.
    mutating func walk(through targets: [PlanarPoint], speed: Double, using random: inout SeededGenerator) {
        for target in targets { walk(to: target, speed: speed, using: &random) }
    }

    /// Stays put for `seconds`.
    mutating func pause(seconds: Int, indoors: Bool = false) {
        for _ in 0..<max(0, seconds) { append(current, speed: 0, indoors: indoors) }
    }

    private mutating func append(_ point: PlanarPoint, speed: Double, indoors: Bool) {
        positions.append(point)
        speeds.append(speed)
        self.indoors.append(indoors)
    }
}

extension TruePath {
    /// Follows `other` (a path that starts at the origin) translated to start where this one is now.
    mutating func follow(_ other: TruePath) {
        let start = current
        for index in 1..<other.positions.count {
            let point = other.positions[index]
            append(PlanarPoint(x: start.x + point.x, y: start.y + point.y), speed: other.speeds[index],
                   indoors: other.indoors[index])
        }
    }
}
