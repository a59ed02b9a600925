import Foundation
@testable import HomewardGeo

/// How a phone's GPS misreports a true path: a slowly wandering bias (first-order autoregressive, as GPS
/// errors are correlated over tens of seconds), white noise, occasional outliers, indoor degradation,
/// gaps and a fixed sampling interval.
struct NoiseModel {
    var samplingSeconds: Int
    var correlatedSigmaMetres: Double
    var correlationSeconds = 60.0
    var whiteSigmaMetres: Double
    var outlierProbability = 0.01
    var indoorSigmaMetres = 25.0
    var gapCount = 1
    var gapSecondsRange: ClosedRange<Double> = 30...180
    var reportsSpeed: Bool

    /// A realistic phone picked at random: 1–30 s sampling, 3–8 m correlated error, 2–5 m white noise.
    static func random(using random: inout SeededGenerator) -> NoiseModel {
        let rates = [1, 1, 2, 5, 10, 15, 30]
        return NoiseModel(
            samplingSeconds: rates[Int.random(in: 0..<rates.count, using: &random)],
            correlatedSigmaMetres: random.uniform(3...8), whiteSigmaMetres: random.uniform(2...5),
            gapCount: Int.random(in: 0...2, using: &random), reportsSpeed: random.chance(0.5))
    }

    /// Samples `path` as fixes starting at `startTime`, with the plane unprojected around `projection`.
    func fixes(
        of path: TruePath, projection: LocalProjection, startTime: UnixSeconds, utcOffsetSeconds: Int = 0,
        using random: inout SeededGenerator
    ) -> [Fix] {
        var gaps: [ClosedRange<Int>] = []
        for _ in 0..<gapCount where path.durationSeconds > 600 {
            let length = Int(random.uniform(gapSecondsRange))
            let start = Int.random(in: 60...(path.durationSeconds - length - 60), using: &random)
            gaps.append(start...(start + length))
        }
        var fixes: [Fix] = []
        var biasX = 0.0, biasY = 0.0
        let rho = exp(-Double(samplingSeconds) / correlationSeconds)
        let innovation = correlatedSigmaMetres * (1 - rho * rho).squareRoot()
        biasX = random.gaussian(sigma: correlatedSigmaMetres)
        biasY = random.gaussian(sigma: correlatedSigmaMetres)
        var second = 0
        while second <= path.durationSeconds {
            defer { second += samplingSeconds }
            biasX = rho * biasX + random.gaussian(sigma: innovation)
            biasY = rho * biasY + random.gaussian(sigma: innovation)
            if gaps.contains(where: { $0.contains(second) }) { continue }
            let truth = path.positions[second]
            let indoors = path.indoors[second]
            let white = indoors ? indoorSigmaMetres : whiteSigmaMetres
            var x = truth.x + biasX + random.gaussian(sigma: white)
            var y = truth.y + biasY + random.gaussian(sigma: white)
            let typical = (correlatedSigmaMetres * correlatedSigmaMetres + white * white).squareRoot()
            var accuracy = (typical * random.uniform(1.0...1.6)).rounded()
            if random.chance(outlierProbability) {
                let angle = random.uniform(0...(2 * .pi)), distance = random.uniform(50...400)
                x += distance * cos(angle)
                y += distance * sin(angle)
                accuracy = (accuracy * random.uniform(1...3)).rounded()
            }
            let coordinate = projection.unproject(PlanarPoint(x: x, y: y))
            let speed = reportsSpeed ? max(0, path.speeds[second] + random.gaussian(sigma: 0.3)) : nil
            fixes.append(Fix(
                t: startTime + Double(second), lat: coordinate.lat, lon: coordinate.lon, accuracy: accuracy,
                speed: speed, utcOffsetSeconds: utcOffsetSeconds))
        }
        return fixes
    }
}
