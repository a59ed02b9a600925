/// Background work with a start and a stop (a worker thread, a timer, a relay), run by the app's
/// `ServiceGroup`.
public protocol LifecycleService: Sendable {
    /// Starts the work.
    func start() throws
    /// Stops the work, waiting for what is under way; a service never started returns at once.
    func stop()
}

/// The app's background services, started in the order listed and stopped in reverse, so that each
/// starts after and stops before the services it uses (the workers before the outgoing client they
/// send through, the cluster relay that wakes the workers before them).
public struct ServiceGroup: Sendable {
    /// The services in the order they start.
    public let services: [any LifecycleService]

    /// A group of `services`, in the order they start.
    public init(_ services: [any LifecycleService]) {
        self.services = services
    }

    /// Starts every service in order; the first that cannot start stops the rest from starting and
    /// its error is thrown (`stop` still stops those that did).
    public func start() throws {
        for service in services { try service.start() }
    }

    /// Stops every service, the last started first.
    public func stop() {
        for service in services.reversed() { service.stop() }
    }
}
