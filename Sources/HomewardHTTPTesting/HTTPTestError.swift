/// Failures of the test client.
public enum HTTPTestError: Error, Sendable, Equatable {
    /// A socket call failed with `errno`.
    case socket(String, Int32)
    /// Nothing (or not enough) arrived before the timeout.
    case timedOut
    /// The server closed the connection before a complete response.
    case connectionClosed
    /// The response could not be parsed.
    case malformedResponse(String)
    /// The operation needs `.live` mode (raw bytes, streamed bodies).
    case requiresLiveMode
}
