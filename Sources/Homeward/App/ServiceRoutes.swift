import HomewardHTTP

/// `GET /healthz`, `GET /metrics` and `GET /openapi.yaml`: answered on the I/O thread from memory.
func registerServiceRoutes(on router: inout Router, app: HomewardApp) {
    let okBody = Array(#"{"status":"ok"}"#.utf8)
    router.get("/healthz", execution: .inline) { _ in
        guard app.health.isHealthy else { throw HTTPError.unavailable("The database does not answer.") }
        return HTTPResponse(headers: ["Content-Type": "application/json; charset=utf-8"], bytes: okBody)
    }
    router.get("/metrics", execution: .inline) { _ in
        var text = app.httpMetrics.renderPrometheus()
        text += "# HELP homeward_database_size_bytes Size of the database file and its WAL.\n"
        text += "# TYPE homeward_database_size_bytes gauge\n"
        text += "homeward_database_size_bytes \(app.database.fileSizeBytes)\n"
        text += "# HELP homeward_database_commits_total Group commits of the writer.\n"
        text += "# TYPE homeward_database_commits_total counter\n"
        text += "homeward_database_commits_total \(app.database.commitCount)\n"
        text += "# HELP homeward_database_writes_total Write blocks committed (divided by commits: the mean group size).\n"
        text += "# TYPE homeward_database_writes_total counter\n"
        text += "homeward_database_writes_total \(app.database.committedWriteCount)\n"
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
