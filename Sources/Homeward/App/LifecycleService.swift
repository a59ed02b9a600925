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

    /// Starts every service in order. The first that cannot start stops the rest from starting: it
    /// and those started before it are stopped at once, the last first (so nothing runs on without
    /// the services it uses, and a failed start holds no threads until `close()`), then its error is
    /// thrown.
    public func start() throws {
        for (index, service) in services.enumerated() {
            do {
                try service.start()
            } catch {
                // The failed service may hold part of what it started; stopping one never started returns at once.
                for started in services[...index].reversed() { started.stop() }
                throw error
            }
        }
    }

    /// Stops every service, the last started first.
    public func stop() {
        for service in services.reversed() { service.stop() }
    }
}
