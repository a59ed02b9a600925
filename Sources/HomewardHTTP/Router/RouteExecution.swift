/// Where a route's handler runs.
public enum RouteExecution: Sendable {
    /// On the I/O thread: only for cheap handlers that never block (health, metrics).
    case inline
    /// On the worker pool: for handlers that may block, e.g. on SQLite.
    case worker
    /// On the I/O thread when `runsInline` says so for the request, otherwise on the worker pool.
    /// For the hottest handler, whose usual request (a phone posting a fix, its session known) costs
    /// less than the hand-off to a worker and back: the predicate must be cheap and must say no
    /// whenever the handler could block (a large body, anything needing the database before it
    /// answers with a deferred response). It runs on the I/O thread for every request of the route.
    case inlineWhen(@Sendable (HTTPRequest) -> Bool)

    /// Whether `request` goes to the worker pool.
    func runsOnWorker(_ request: HTTPRequest) -> Bool {
        switch self {
        case .inline: false
        case .worker: true
        case .inlineWhen(let runsInline): !runsInline(request)
        }
    }
}
