#if canImport(Glibc)
import Glibc
#endif

/// Why the server could not start.
public enum HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// A system call failed with `errno`.
    case systemCall(String, Int32)
    /// The host is not an IPv4 or IPv6 address.
    case invalidAddress(String)
    /// `start()` was called twice.
    case alreadyStarted
    /// Something already listens on `host:port` (another Homeward, or another program).
    case addressInUse(host: String, port: Int)

    /// A readable explanation.
    public var description: String {
        switch self {
        case .systemCall(let name, let code): "\(name) failed: \(String(cString: strerror(code)))"
        case .invalidAddress(let host): "not an IPv4 or IPv6 address: \(host)"
        case .alreadyStarted: "the server was already started"
        case .addressInUse(let host, let port):
            "port \(port) on \(host) is already served by another process (another homeward serve, or another program; `ss -ltnp 'sport = :\(port)'` names it)"
        }
    }
}
