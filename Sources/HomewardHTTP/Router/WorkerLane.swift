/// A kind of work with worker threads of its own, so that no kind can starve another: an SOS never
/// waits behind password hashing, and an export to a client that reads slowly never holds a thread
/// that a guardian's poll needs. Each lane has its own threads and queue (`HTTPServerConfiguration`).
public enum WorkerLane: Sendable, Hashable {
    /// SOS, countdowns, their cancel and acknowledgement: few threads that nothing else uses.
    case urgent
    /// Writes that may wait for their group commit (the default for methods other than GET and HEAD).
    case writes
    /// GET and HEAD (the default for them): reads never queue behind writes.
    case reads
    /// Slow or heavy work: password hashing, exports, streamed bodies.
    case bulk

    /// The lane of a `.worker` route's request with `method`.
    static func defaultLane(for method: HTTPMethod) -> WorkerLane {
        method == .get || method == .head ? .reads : .writes
    }
}
