import HomewardHTTP

extension HTTPServerConfiguration {
    /// A small configuration for tests: 127.0.0.1, an ephemeral port, one loop, two workers, a
    /// short shutdown grace period.
    public static var testing: HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.eventLoopCount = 1
        configuration.workerCount = 2
        configuration.shutdownGracePeriodSeconds = 2
        configuration.timerSweepIntervalMilliseconds = 50
        return configuration
    }
}
