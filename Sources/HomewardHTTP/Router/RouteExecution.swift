/// Where a route's handler runs.
public enum RouteExecution: Sendable {
    /// On the I/O thread: only for cheap handlers that never block (health, metrics).
    case inline
    /// On the worker pool: for handlers that may block, e.g. on SQLite; reads and writes each have
    /// their own lane (`WorkerLane.defaultLane(for:)`).
    case worker
    /// On the worker threads of `lane`, whatever the method.
    case lane(WorkerLane)
    /// On the worker threads of the lane `choose` names for the request, or of its method's lane
    /// when it names none: for a route whose requests are ordinary but now and then urgent (a
    /// tracking app's message carrying an SOS). `choose` runs on the I/O thread: it must be cheap.
    case laneWhen(@Sendable (HTTPRequest) -> WorkerLane?)
    /// On the I/O thread when `admit` admits the request, otherwise on the worker pool.
    /// For the hottest handler, whose usual request (a phone posting a fix, its session known) costs
    /// less than the hand-off to a worker and back. `admit` runs on the I/O thread for every request
    /// of the route: it must be cheap, and must return nil (the worker pool) whenever the handler could
    /// block (a large body, anything needing the database before it answers with a deferred
    /// response). What it returns otherwise (what it learned, e.g. the authenticated caller) reaches
    /// the handler as `RequestContext.admission`, so the work is not done twice.
    case inlineWhen(@Sendable (HTTPRequest) -> (any Sendable)?)

    /// Where `request` runs.
    func placement(of request: HTTPRequest) -> RoutePlacement {
        switch self {
        case .inline: .loop(admission: nil)
        case .worker: .worker(request.bodyStream != nil ? .bulk : WorkerLane.defaultLane(for: request.method))
        case .lane(let lane): .worker(lane)
        case .laneWhen(let choose): .worker(choose(request) ?? WorkerLane.defaultLane(for: request.method))
        case .inlineWhen(let admit): admit(request).map { .loop(admission: $0) } ?? .worker(WorkerLane.defaultLane(for: request.method))
        }
    }
}

/// Where one request runs: on the I/O thread (with what an `.inlineWhen` predicate returned), or on
/// the worker pool.
enum RoutePlacement {
    case loop(admission: (any Sendable)?)
    case worker(WorkerLane)
}
