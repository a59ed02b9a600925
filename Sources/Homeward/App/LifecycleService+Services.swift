/// The app's background services; each already has its `start()` and `stop()`.
extension HealthMonitor: LifecycleService {}
extension CountdownScheduler: LifecycleService {}
extension AlertMonitor: LifecycleService {}
extension AlertDeliveryWorker: LifecycleService {}
extension EscalationScheduler: LifecycleService {}
extension WeatherFiller: LifecycleService {}
extension EventStreamHub: LifecycleService {}
extension TripTimer: LifecycleService {}
extension RetentionSweeper: LifecycleService {}

extension OutgoingHTTPClient: LifecycleService {
    /// Nothing: the client's thread starts with its first request. In the group so that it stops
    /// after the workers that send through it.
    public func start() {}
}

extension MQTTService: LifecycleService {}

extension ImportJobs: LifecycleService {
    /// Nothing: each import starts with its request. In the group so that the imports still running
    /// are cancelled, and waited for, first when the server stops.
    public func start() {}
}
