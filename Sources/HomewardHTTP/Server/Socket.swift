import CSystemShims
#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX socket calls the server makes, with errors as `HTTPServerError`.
enum Socket {
    /// Throws `addressInUse` when something already listens on `host:port`. The server's own
    /// listeners share their port with SO_REUSEPORT (one per event loop), which would let a second
    /// server join the port silently; a socket bound without that option is refused by any listener.
    static func refuseIfServed(host: String, port: Int) throws(HTTPServerError) {
        guard port != 0 else { return }
        close(try boundSocket(host: host, port: port, sharingPort: false, blocking: true))
    }

    /// A non-blocking TCP listener on `host:port` with SO_REUSEADDR and SO_REUSEPORT; `host` is an
    /// IPv4 address (`127.0.0.1`, `0.0.0.0`) or an IPv6 one (`::1`, `::`, which on Linux's default
    /// `bindv6only=0` also accepts IPv4).
    static func listen(host: String, port: Int, backlog: Int32) throws(HTTPServerError) -> Int32 {
        let descriptor = try boundSocket(host: host, port: port, sharingPort: true, blocking: false)
        guard Glibc.listen(descriptor, backlog) == 0 else {
            let code = errno
            close(descriptor)
            throw .systemCall("listen", code)
        }
        return descriptor
    }

    /// A TCP socket bound to `host:port` with SO_REUSEADDR, and SO_REUSEPORT when `sharingPort`;
    /// `addressInUse` when something holds the port.
    private static func boundSocket(
        host: String, port: Int, sharingPort: Bool, blocking: Bool
    ) throws(HTTPServerError) -> Int32 {
        guard var address = SocketAddress(host: host, port: port) else { throw .invalidAddress(host) }
        var kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        if !blocking { kind |= Int32(SOCK_NONBLOCK.rawValue) }
        let descriptor = socket(address.family, kind, 0)
        guard descriptor >= 0 else { throw .systemCall("socket", errno) }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if sharingPort { setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &one, socklen_t(MemoryLayout<Int32>.size)) }
        let bound = address.withSocketAddress { bind(descriptor, $0, $1) }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            if code == EADDRINUSE { throw .addressInUse(host: host, port: port) }
            throw .systemCall("bind", code)
        }
        return descriptor
    }

    /// The port a socket is bound to.
    static func localPort(of descriptor: Int32) -> Int {
        var address = SocketAddress()
        _ = address.withMutableSocketAddress { getsockname(descriptor, $0, $1) }
        return address.port
    }

    /// Accepts one connection: its descriptor and `address:port` (`[address]:port` for IPv6), nil
    /// when none is waiting.
    static func accept(from listener: Int32) -> (descriptor: Int32, remoteAddress: String)? {
        var address = SocketAddress()
        let descriptor = address.withMutableSocketAddress { homeward_accept(listener, $0, $1) }
        guard descriptor >= 0 else { return nil }
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return (descriptor, address.description)
    }

    /// Raises the soft open-file limit to the hard limit; returns the new soft limit.
    @discardableResult
    static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return Int(limit.rlim_cur)
    }
}
