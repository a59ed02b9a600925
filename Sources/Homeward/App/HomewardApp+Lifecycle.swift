import HomewardHTTP

extension HomewardApp {
    /// Sends this node's events to its streams and alert workers and, on PostgreSQL, to the other nodes.
    func subscribeToEvents() {
        events.subscribe { [nodeEvents] event in nodeEvents.receive(event) }
        if let clusterRelay {
            events.subscribe { event in clusterRelay.publish(event) }
            eventStreams.hearOtherNodes(through: clusterRelay)
            // The MQTT client publishes everyone's positions, whichever node stored them.
            if mqtt != nil { clusterRelay.wantPositionsAlways() }
        }
    }

    /// Starts background work and the HTTP server; returns the running server. When either cannot
    /// start, what had started is stopped before the error is thrown.
    public func start() throws -> HTTPServer {
        let services = services
        try services.start()
        var http = configuration.http
        http.host = configuration.host
        http.port = configuration.port
        let server = HTTPServer(configuration: http, router: makeRouter(), metrics: httpMetrics, logger: logger)
        do {
            try server.start()
        } catch {
            // A port taken or a bad address: the background work started for it stops at once.
            services.stop()
            throw error
        }
        return server
    }

    /// Starts the background services (countdowns re-armed from the database, the periodic checks,
    /// delivery, stream heartbeats, the relay) without the HTTP server; tests call it.
    public func startBackgroundWork() throws {
        try services.start()
    }

    /// Stops the background services and closes the database after the server has stopped.
    public func close() throws {
        services.stop()
        try database.close()
    }
}
