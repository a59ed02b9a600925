@testable import HomewardGeo

/// A place to stage hand-written scenarios: positions in metres east and north of a centre.
struct Scene {
    static let monday: UnixSeconds = 1_795_392_000
    let projection: LocalProjection

    init(center: Coordinate = Coordinate(lat: 48.2082, lon: 16.3738)) {
        projection = LocalProjection(origin: center)
    }

    var center: Coordinate { projection.origin }

    func coordinate(x: Double, y: Double) -> Coordinate {
        projection.unproject(PlanarPoint(x: x, y: y))
    }

    func fix(
        x: Double, y: Double, t: UnixSeconds, accuracy: Double? = 8, speed: Double? = nil, utcOffsetSeconds: Int = 0
    ) -> Fix {
        let c = coordinate(x: x, y: y)
        return Fix(t: t, lat: c.lat, lon: c.lon, accuracy: accuracy, speed: speed, utcOffsetSeconds: utcOffsetSeconds)
    }

    /// Fixes every `interval` seconds walking in a straight line between two points at `speed` m/s.
    func walk(
        from start: PlanarPoint, to end: PlanarPoint, speed: Double, startTime: UnixSeconds, interval: Double = 1,
        noise: inout SeededGenerator, noiseSigmaMetres: Double = 3, accuracy: Double = 8, utcOffsetSeconds: Int = 0
    ) -> [Fix] {
        let duration = start.distance(to: end) / speed
        var fixes: [Fix] = []
        var elapsed = 0.0
        while elapsed < duration {
            let fraction = elapsed / duration
            fixes.append(fix(
                x: start.x + (end.x - start.x) * fraction + noise.gaussian(sigma: noiseSigmaMetres),
                y: start.y + (end.y - start.y) * fraction + noise.gaussian(sigma: noiseSigmaMetres),
                t: startTime + elapsed, accuracy: accuracy, utcOffsetSeconds: utcOffsetSeconds))
            elapsed += interval
        }
        return fixes
    }

    /// Fixes every `interval` seconds standing at `point` for `seconds`.
    func stand(
        at point: PlanarPoint, seconds: Double, startTime: UnixSeconds, interval: Double = 1,
        noise: inout SeededGenerator, noiseSigmaMetres: Double = 3, accuracy: Double = 8, utcOffsetSeconds: Int = 0
    ) -> [Fix] {
        stride(from: 0.0, to: seconds, by: interval).map { elapsed in
            fix(x: point.x + noise.gaussian(sigma: noiseSigmaMetres), y: point.y + noise.gaussian(sigma: noiseSigmaMetres),
                t: startTime + elapsed, accuracy: accuracy, utcOffsetSeconds: utcOffsetSeconds)
        }
    }
}
