/// How `HTTPTestClient` reaches the application.
public enum HTTPTestMode: Sendable {
    /// Through the router and responder directly: no sockets, fast.
    case inProcess
    /// Through the real server on 127.0.0.1 and an ephemeral port, over a real socket.
    case live
}
