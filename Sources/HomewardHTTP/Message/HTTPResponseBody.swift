/// The body of a response: bytes known up front, a stream written while the connection is open, or
/// a whole response that a handler finishes later from another thread.
public enum HTTPResponseBody: Sendable {
    /// A complete body, sent with `Content-Length`.
    case bytes([UInt8])
    /// A streamed body, sent with chunked coding (raw then close for HTTP/1.0). The closure runs on a
    /// worker thread after the head is sent; the stream ends when the writer finishes or closes.
    case stream(@Sendable (HTTPBodyWriter) -> Void)
    /// The response is not known yet: the closure runs on the handler's worker right after the
    /// handler returns and arranges for the completion to be called once, from any thread, with the
    /// real response (whose status and headers replace these) or an error. The worker is free in the
    /// meantime; e.g. a write completes from the database's finisher thread after its group commit.
    case deferred(@Sendable (ResponseCompletion) -> Void)
}
