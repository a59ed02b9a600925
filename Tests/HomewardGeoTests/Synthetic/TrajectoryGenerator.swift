import Foundation
@testable import HomewardGeo

/// Labelled synthetic trajectories of about twenty minutes each, with realistic noise from `NoiseModel`.
enum TrajectoryGenerator {
    static let origin = Coordinate(lat: 52.52, lon: 13.405)
    static let startTime: UnixSeconds = 1_780_000_000
    static let durationSeconds = 1_800

    static func fixes(for label: TrajectoryLabel, seed: UInt64) -> [Fix] {
        var random = SeededGenerator(seed: seed &* 7_919 &+ UInt64(TrajectoryLabel.allCases.firstIndex(of: label) ?? 0))
        let noise = NoiseModel.random(using: &random)
        let path = truePath(for: label, samplingSeconds: Double(noise.samplingSeconds), using: &random)
        return noise.fixes(of: path, projection: LocalProjection(origin: origin), startTime: startTime, using: &random)
    }

    /// The true path; loops and corridors are long enough to be seen at the sampling rate (a loop of at
    /// least six fixes, a corridor leg of at least two), since nothing can recover a shape sampled more coarsely.
    static func truePath(for label: TrajectoryLabel, samplingSeconds: Double, using random: inout SeededGenerator) -> TruePath {
        var path = TruePath(start: PlanarPoint(x: 0, y: 0))
        switch label {
        case .direct:
            let speed = random.uniform(1.0...1.5)
            while path.durationSeconds < durationSeconds { path.walk(through: streetLegs(count: 1, using: &random, from: path.current), speed: speed, using: &random) }
        case .commute:
            let speed = random.uniform(1.0...1.5)
            while path.durationSeconds < durationSeconds {
                path.walk(through: streetLegs(count: Int.random(in: 2...5, using: &random), using: &random, from: path.current), speed: speed, using: &random)
                path.pause(seconds: Int(random.uniform(60...420)), indoors: random.chance(0.5))
            }
        case .lapping:
            let speed = random.uniform(0.7...1.3)
            let loop = loopWaypoints(minimumPerimeterMetres: 6 * speed * samplingSeconds, using: &random)
            path.walk(to: loop[0], speed: speed, using: &random)
            while path.durationSeconds < durationSeconds { path.walk(through: loop, speed: speed, using: &random) }
        case .pacing:
            let speed = random.uniform(0.6...1.2)
            let shortest = max(30, 2 * speed * samplingSeconds)
            let length = random.uniform(shortest...(shortest + 70)), angle = random.uniform(0...(2 * .pi))
            let far = PlanarPoint(x: length * cos(angle), y: length * sin(angle))
            var towardsFar = true
            while path.durationSeconds < durationSeconds {
                let end = towardsFar ? far : PlanarPoint(x: 0, y: 0)
                let side = random.uniform(-2...2)
                path.walk(to: PlanarPoint(x: end.x - side * sin(angle), y: end.y + side * cos(angle)), speed: speed, using: &random)
                path.pause(seconds: Int(random.uniform(0...5)))
                towardsFar.toggle()
            }
        case .random:
            let speed = random.uniform(0.5...1.2)
            var heading = random.uniform(0...(2 * .pi))
            while path.durationSeconds < durationSeconds {
                let magnitude = random.uniform(0.5...2.9)
                heading += random.chance(0.5) ? magnitude : -magnitude
                let here = path.current
                // Drift back towards the start beyond 150 m, as someone lost in a neighbourhood does.
                if (here.x * here.x + here.y * here.y).squareRoot() > 150 {
                    heading = atan2(-here.y, -here.x) + random.uniform(-0.8...0.8)
                }
                let leg = random.uniform(8...40)
                path.walk(to: PlanarPoint(x: here.x + leg * cos(heading), y: here.y + leg * sin(heading)), speed: speed, using: &random)
                if random.chance(0.2) { path.pause(seconds: Int(random.uniform(2...20))) }
            }
        }
        return path
    }

    /// Street-grid legs of 60–200 m heading broadly one way (a staircase), as a walk through a town.
    static func streetLegs(count: Int, using random: inout SeededGenerator, from start: PlanarPoint) -> [PlanarPoint] {
        var legs: [PlanarPoint] = []
        var here = start
        for _ in 0..<count {
            let length = random.uniform(60...200)
            let east = random.chance(0.5)
            here = PlanarPoint(x: here.x + (east ? length : 0), y: here.y + (east ? 0 : length))
            legs.append(here)
        }
        return legs
    }

    /// A closed loop (an ellipse) of 80–250 m perimeter (longer when the sampling demands it), walked counter-clockwise or clockwise.
    static func loopWaypoints(minimumPerimeterMetres: Double, using random: inout SeededGenerator) -> [PlanarPoint] {
        let shortest = max(80, minimumPerimeterMetres)
        let perimeter = random.uniform(shortest...max(250, shortest + 50)), aspect = random.uniform(1...2)
        let a = perimeter / (2 * .pi) * (2 * aspect / (1 + aspect)), b = a / aspect
        let rotation = random.uniform(0...(2 * .pi))
        let clockwise = random.chance(0.5)
        let center = PlanarPoint(x: random.uniform(-30...30), y: random.uniform(-30...30))
        return (0..<24).map { index in
            let angle = (clockwise ? -1.0 : 1.0) * Double(index) / 24 * 2 * .pi
            let x = a * cos(angle), y = b * sin(angle)
            return PlanarPoint(
                x: center.x + x * cos(rotation) - y * sin(rotation), y: center.y + x * sin(rotation) + y * cos(rotation))
        }
    }
}
