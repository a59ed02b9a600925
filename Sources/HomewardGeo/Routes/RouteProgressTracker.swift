#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Follows one trip: distance remaining along the route (or the straight line times a detour factor),
/// off-route with confirmation, progress that does not jump backwards on noise, a smoothed ETA and
/// stalls. Fixes older than the last one used are ignored.
public struct RouteProgressTracker: Sendable, Equatable, Codable {
    /// The route, if the trip has one.
    public let route: Polyline?
    /// Where the trip ends.
    public let destination: Coordinate
    /// How the person travels.
    public let mode: TravelMode
    /// The thresholds.
    public let configuration: RouteConfiguration
    /// The progress after the last fix used (events cleared), or nil before the first.
    public private(set) var current: RouteProgress?
    private var lastT: UnixSeconds?
    private var progressMetres = 0.0
    private var behindFixes = 0
    private var behindSince: UnixSeconds = 0
    private var offRouteFixes = 0
    private var offRouteSince: UnixSeconds = 0
    private var onRouteFixes = 0
    private var isOffRoute = false
    private var initialStraightMetres: Double?
    private var currentSpeed = 0.0
    private var movingSpeed = 0.0
    private var lastSpeedSample: UnixSeconds?
    private var speedReference: TimedCoordinate?
    private var lastMovement: UnixSeconds?
    private var stallReferenceMetres = Double.infinity
    private var stallReferenceT: UnixSeconds = 0
    private var isStalled = false

    /// Creates a tracker for a trip to `destination`, along `route` when there is one.
    public init(route: Polyline?, destination: Coordinate, mode: TravelMode, configuration: RouteConfiguration = RouteConfiguration()) {
        self.route = route.flatMap { $0.points.count > 1 ? $0 : nil }
        self.destination = destination
        self.mode = mode
        self.configuration = configuration
    }

    /// Takes the next fix and returns the progress with the events it caused; ignored fixes return the
    /// previous progress without events (or nil before the first fix used).
    public mutating func update(with fix: Fix) -> RouteProgress? {
        let accuracy = fix.accuracy ?? configuration.assumedAccuracyMetres
        guard fix.coordinate.isValid, fix.t.isFinite, accuracy <= configuration.maxAccuracyMetres,
              lastT.map({ fix.t > $0 }) ?? true else { return current }
        let dt = lastT.map { fix.t - $0 } ?? 0
        lastT = fix.t
        let profile = configuration.profile(for: mode)
        var events: [RouteEvent] = []
        updateSpeed(with: fix)

        let remaining: Double, fraction: Double
        var distanceFromRoute: Double?
        if let route {
            let window = dt > 0 && current != nil
                ? (progressMetres - configuration.searchBehindMetres)...(progressMetres + profile.maxSpeedMetresPerSecond * configuration.searchAheadSpeedFactor * dt
                    + accuracy + configuration.searchAheadSlackMetres)
                : nil
            guard var projection = route.project(fix.coordinate, within: window) ?? route.project(fix.coordinate) else {
                return current
            }
            let threshold = max(configuration.offRouteMinimumMetres, configuration.offRouteAccuracyFactor * accuracy)
            // The search window follows progress; someone who left the route (or never was on it) may
            // join it anywhere, so a fix off the window's stretch but on another part counts there.
            if window != nil, projection.distanceFromLineMetres > threshold, let anywhere = route.project(fix.coordinate),
               anywhere.distanceFromLineMetres <= threshold {
                projection = anywhere
            }
            distanceFromRoute = projection.distanceFromLineMetres
            if projection.distanceFromLineMetres > threshold {
                onRouteFixes = 0
                if offRouteFixes == 0 { offRouteSince = fix.t }
                offRouteFixes += 1
                if !isOffRoute, offRouteFixes >= configuration.offRouteConfirmFixes,
                   fix.t - offRouteSince >= configuration.offRouteConfirmSeconds {
                    isOffRoute = true
                    events.append(.offRoute)
                }
            } else {
                offRouteFixes = 0
                if isOffRoute {
                    onRouteFixes += 1
                    if onRouteFixes >= configuration.backOnRouteConfirmFixes {
                        isOffRoute = false
                        onRouteFixes = 0
                        events.append(.backOnRoute)
                    }
                }
                advanceProgress(to: projection.distanceAlongMetres, accuracy: accuracy, at: fix.t)
            }
            let length = route.lengthMetres
            remaining = max(0, length - progressMetres) + (isOffRoute ? projection.distanceFromLineMetres : 0)
            fraction = length > 0 ? min(1, progressMetres / length) : 1
        } else {
            let straight = Haversine.distanceMetres(from: fix.coordinate, to: destination)
            let initial = initialStraightMetres ?? straight
            initialStraightMetres = initial
            remaining = straight * profile.circuityFactor
            fraction = initial > 0 ? min(1, max(0, 1 - straight / initial)) : 1
        }

        let progressed = remaining < stallReferenceMetres - configuration.stalledProgressMetres
        if progressed || stallReferenceMetres == .infinity || lastMovement == fix.t {
            if progressed || stallReferenceMetres == .infinity { stallReferenceMetres = remaining }
            stallReferenceT = fix.t
            if isStalled {
                isStalled = false
                events.append(.resumed)
            }
        } else if !isStalled, fix.t - stallReferenceT >= configuration.stalledSeconds {
            isStalled = true
            events.append(.stalled)
        }

        let progress = RouteProgress(
            distanceRemainingMetres: remaining, etaSeconds: remaining / etaSpeed(at: fix.t, profile: profile),
            offRoute: isOffRoute, progressFraction: fraction, stalled: isStalled,
            distanceFromRouteMetres: distanceFromRoute, events: events)
        var stored = progress
        stored.events = []
        current = stored
        return progress
    }

    private mutating func advanceProgress(to along: Double, accuracy: Double, at t: UnixSeconds) {
        if along >= progressMetres {
            progressMetres = along
            behindFixes = 0
        } else if progressMetres - along > max(configuration.backwardToleranceMetres, 2 * accuracy) {
            if behindFixes == 0 { behindSince = t }
            behindFixes += 1
            if behindFixes >= configuration.backwardConfirmFixes, t - behindSince >= configuration.backwardConfirmSeconds {
                progressMetres = along
                behindFixes = 0
            }
        } else {
            behindFixes = 0
        }
    }

    private mutating func updateSpeed(with fix: Fix) {
        var sample: Double?
        if let reported = fix.speed, reported >= 0, reported.isFinite {
            sample = reported
        } else if let reference = speedReference, fix.t - reference.t >= configuration.speedBaselineSeconds {
            sample = Haversine.distanceMetres(from: reference.coordinate, to: fix.coordinate) / (fix.t - reference.t)
        }
        if speedReference.map({ fix.t - $0.t >= configuration.speedBaselineSeconds }) ?? true {
            speedReference = TimedCoordinate(t: fix.t, coordinate: fix.coordinate)
        }
        guard let sample else { return }
        let weight = lastSpeedSample.map { 1 - exp(-(fix.t - $0) / configuration.speedSmoothingSeconds) } ?? 1
        lastSpeedSample = fix.t
        currentSpeed += weight * (sample - currentSpeed)
        guard currentSpeed >= configuration.movingSpeedMetresPerSecond else { return }
        lastMovement = fix.t
        movingSpeed = movingSpeed == 0 ? sample : movingSpeed + weight * (sample - movingSpeed)
    }

    private func etaSpeed(at t: UnixSeconds, profile: ModeProfile) -> Double {
        guard let moved = lastMovement, t - moved <= configuration.recentMovementSeconds, movingSpeed > 0 else {
            return profile.defaultSpeedMetresPerSecond
        }
        return min(profile.maxSpeedMetresPerSecond, max(profile.minSpeedMetresPerSecond, movingSpeed))
    }
}
