/// The body of a response: bytes known up front, or a stream written while the connection is open.
public enum HTTPResponseBody: Sendable {
    /// A complete body, sent with `Content-Length`.
    case bytes([UInt8])
    /// A streamed body, sent with chunked coding (raw then close for HTTP/1.0). The closure runs on a
    /// worker thread after the head is sent; the stream ends when the writer finishes or closes.
    case stream(@Sendable (HTTPBodyWriter) -> Void)
}
