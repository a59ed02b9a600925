/// What other threads tell an event loop through its mailbox.
enum LoopMessage: Sendable {
    /// A worker finished a request.
    case response(ConnectionKey, HTTPResponse)
    /// A streamed body has new output, finished, or was closed by its writer.
    case streamActivity(ConnectionKey)
    /// The handler of a streamed request body took what had arrived: read on.
    case bodyDemand(ConnectionKey)
    /// The server is shutting down.
    case shutdown
}
