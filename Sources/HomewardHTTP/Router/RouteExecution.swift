/// Where a route's handler runs.
public enum RouteExecution: Sendable {
    /// On the I/O thread: only for cheap handlers that never block (health, metrics) and never
    /// return a deferred response (the loop would wait for it).
    case inline
    /// On the worker pool: for handlers that may block, e.g. on SQLite.
    case worker
}
