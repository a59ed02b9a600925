import HomewardHTTP

extension RequestContext {
    /// The client's IP address without its port: the key of per-address rate limits, so that a
    /// client opening new connections (new ports) still counts as one.
    var clientHost: String {
        guard let colon = remoteAddress.lastIndex(of: ":"), !remoteAddress.hasSuffix("]") else {
            return remoteAddress
        }
        return String(remoteAddress[..<colon])
    }
}
