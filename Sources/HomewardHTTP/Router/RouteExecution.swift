/// Where a route's handler runs.
public enum RouteExecution: Sendable {
    /// On the I/O thread: only for cheap handlers that never block (health, metrics).
    case inline
    /// On the worker pool: for handlers that may block, e.g. on SQLite.
    case worker
}
