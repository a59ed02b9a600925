import HomewardHTTP
import HomewardPostgres
import HomewardStore

/// `GET /healthz`, `/livez`, `/readyz`, `GET /metrics` (guarded, see `authorizeMetrics`) and
/// `GET /openapi.yaml`: answered on the I/O thread from memory.
func registerServiceRoutes(on router: inout Router, app: HomewardApp) {
    let okBody = Array(#"{"status":"ok"}"#.utf8)
    let ok = HTTPResponse(headers: ["Content-Type": "application/json; charset=utf-8"], bytes: okBody)
    router.get("/healthz", execution: .inline) { _ in
        guard app.health.isHealthy else { throw HTTPError.unavailable("The database does not answer.") }
        return ok
    }
    // Liveness: the process answers on its event loop. A database outage is not a reason to
    // restart the node, so this does not look at it.
    router.get("/livez", execution: .inline) { _ in ok }
    // Readiness: send this node requests (the database answers and the node is not stopping).
    router.get("/readyz", execution: .inline) { _ in
        guard app.health.isHealthy else { throw HTTPError.unavailable("The database does not answer.") }
        guard app.health.isReady else { throw HTTPError.unavailable("This node is stopping.") }
        return ok
    }
    router.get("/metrics", execution: .inline) { context in
        try authorizeMetrics(context, token: app.configuration.metricsToken)
        var text = app.httpMetrics.renderPrometheus()
        var groups: (commits: Int, writes: Int)?
        if let file = app.database as? DatabasePool {
            // The SQLite file's own measures; PostgreSQL's are the server's (pg_stat_database).
            text += "# HELP homeward_database_size_bytes Size of the database file and its WAL.\n"
            text += "# TYPE homeward_database_size_bytes gauge\n"
            text += "homeward_database_size_bytes \(file.fileSizeBytes)\n"
            groups = (file.commitCount, file.committedWriteCount)
        } else if let server = app.database as? PostgresPool {
            text += "# HELP homeward_database_connections PostgreSQL connections this node holds open.\n"
            text += "# TYPE homeward_database_connections gauge\n"
            text += "homeward_database_connections \(server.openConnections)\n"
            text += "# HELP homeward_database_lost_races_total Write groups run again after another node's write won a race.\n"
            text += "# TYPE homeward_database_lost_races_total counter\n"
            text += "homeward_database_lost_races_total \(server.lostRaceCount)\n"
            groups = (server.commitCount, server.committedWriteCount)
        }
        if let groups {
            text += "# HELP homeward_database_commits_total Group commits of the writer.\n"
            text += "# TYPE homeward_database_commits_total counter\n"
            text += "homeward_database_commits_total \(groups.commits)\n"
            text += "# HELP homeward_database_writes_total Write blocks committed (divided by commits: the mean group size).\n"
            text += "# TYPE homeward_database_writes_total counter\n"
            text += "homeward_database_writes_total \(groups.writes)\n"
        }
        if let relay = app.clusterRelay { text += relay.renderPrometheus() }
        text += app.metrics.renderPrometheus()
        return HTTPResponse(
            headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"], bytes: Array(text.utf8)
        )
    }
    let openAPI = Array(Schema.openAPI.utf8)
    router.get("/openapi.yaml", execution: .inline) { _ in
        HTTPResponse(headers: ["Content-Type": "application/yaml; charset=utf-8"], bytes: openAPI)
    }
}

/// `/metrics` tells anyone who reads it how busy the server is and how large its database: with
/// `--metrics-token` only a request bearing that token reads it; without one, only a client on this
/// machine that came straight to the socket (a loopback peer with no forwarding headers, so not
/// through a reverse proxy on the same machine). Anyone else gets 404, as if there were no metrics.
func authorizeMetrics(_ context: RequestContext, token: String) throws(HTTPError) {
    if !token.isEmpty {
        let presented = context.request.headers["Authorization"].flatMap { value -> Substring? in
            value.lowercased().hasPrefix("bearer ") ? value.dropFirst("bearer ".count) : nil
        }
        guard let presented, SecretDigest.constantTimeEquals(Array(presented.utf8), Array(token.utf8)) else {
            throw HTTPError.unauthorized("GET /metrics needs the metrics token as a bearer token.")
        }
        return
    }
    let headers = context.request.headers
    let forwarded = headers.contains("Forwarded") || headers.contains("X-Forwarded-For")
    guard !forwarded, let peer = IPAddress(peer: context.remoteAddress), IPAddressRange.loopback.contains(where: { $0.contains(peer) }) else {
        throw HTTPError.notFound()
    }
}
