import HomewardHTTP
#if canImport(Glibc)
import Glibc
#endif

/// A tiny blocking HTTP/1.1 client on one POSIX socket, for live tests: it sends raw bytes and
/// reads responses (Content-Length, chunked, or until close), keeping the connection alive.
public final class HTTPTestConnection {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var isClosedByPeer = false
    /// How long a read may wait for the next bytes.
    public var timeoutSeconds: Double

    /// Connects to `host:port`; `host` is an IPv4 or IPv6 literal. An IPv4 `sourceHost` (another
    /// loopback address, e.g. 127.0.0.2) makes the connection come from there: a second client
    /// address for tests of per-address limits.
    public init(host: String = "127.0.0.1", port: Int, timeoutSeconds: Double = 5, sourceHost: String? = nil) throws {
        self.timeoutSeconds = timeoutSeconds
        var ipv4 = sockaddr_in()
        var ipv6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, host, &ipv4.sin_addr) == 1 {
            family = AF_INET
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = in_port_t(UInt16(port).bigEndian)
        } else if inet_pton(AF_INET6, host, &ipv6.sin6_addr) == 1 {
            family = AF_INET6
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = in_port_t(UInt16(port).bigEndian)
        } else {
            throw HTTPTestError.socket("inet_pton", EINVAL)
        }
        descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HTTPTestError.socket("socket", errno) }
        if let sourceHost {
            var source = sockaddr_in()
            source.sin_family = sa_family_t(AF_INET)
            guard family == AF_INET, inet_pton(AF_INET, sourceHost, &source.sin_addr) == 1 else {
                close(descriptor)
                throw HTTPTestError.socket("inet_pton", EINVAL)
            }
            let bound = withUnsafeBytes(of: source) { bytes in
                bind(descriptor, bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(bytes.count))
            }
            guard bound == 0 else {
                let code = errno
                close(descriptor)
                throw HTTPTestError.socket("bind", code)
            }
        }
        let result = family == AF_INET ? Self.connect(descriptor, to: ipv4) : Self.connect(descriptor, to: ipv6)
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw HTTPTestError.socket("connect", code)
        }
    }

    private static func connect<Address>(_ descriptor: Int32, to address: Address) -> Int32 {
        withUnsafeBytes(of: address) { bytes in
            Glibc.connect(descriptor, bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(bytes.count))
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends bytes as they are.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw HTTPTestError.socket("send", errno) }
            offset += written
        }
    }

    /// Sends a string's UTF-8 bytes.
    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Shuts down the sending side (the server sees EOF after what was sent).
    public func shutdownWriting() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads everything until the server closes, or until nothing arrives for `timeoutSeconds`.
    public func receiveUntilClose() -> [UInt8] {
        while !isClosedByPeer, (try? fill()) == true {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// Whether the server has closed the connection (waits up to `timeoutSeconds` for EOF).
    public func isClosedByServer() -> Bool {
        while !isClosedByPeer {
            guard (try? fill()) == true else { return isClosedByPeer }
        }
        return true
    }

    /// Reads one response; `omitBody` for answers to HEAD.
    public func readResponse(omitBody: Bool = false) throws -> HTTPTestResponse {
        let headEnd = try waitFor { Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: $0) }
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = lines.removeFirst().split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard statusParts.count >= 2, let code = Int(statusParts[1]) else { throw HTTPTestError.malformedResponse(head) }
        let status = HTTPStatus(code: code, reasonPhrase: statusParts.count > 2 ? String(statusParts[2]) : "")
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw HTTPTestError.malformedResponse(head) }
            headers.add(name: String(line[..<colon]), value: String(line[line.index(after: colon)...]).trimmingCharacters())
        }
        if omitBody || code < 200 || code == 204 || code == 304 {
            return HTTPTestResponse(status: status, headers: headers, body: [])
        }
        if let length = headers["Content-Length"].flatMap(Int.init) {
            _ = try waitFor { $0.count >= length ? length : nil }
            let body = Array(buffer[0..<length])
            buffer.removeFirst(length)
            return HTTPTestResponse(status: status, headers: headers, body: body)
        }
        if headers["Transfer-Encoding"]?.lowercased() == "chunked" {
            return HTTPTestResponse(status: status, headers: headers, body: try readChunkedBody())
        }
        return HTTPTestResponse(status: status, headers: headers, body: receiveUntilClose())
    }

    /// Reads one chunk of a chunked body as it arrives; nil after the last chunk.
    public func readChunk() throws -> [UInt8]? {
        let lineEnd = try waitFor { Self.find([0x0D, 0x0A], in: $0) }
        let sizeText = String(decoding: buffer[0..<lineEnd], as: UTF8.self)
        guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { throw HTTPTestError.malformedResponse(sizeText) }
        buffer.removeFirst(lineEnd + 2)
        if size == 0 {
            _ = try waitFor { Self.find([0x0D, 0x0A], in: $0) }
            buffer.removeFirst(2)
            return nil
        }
        _ = try waitFor { $0.count >= size + 2 ? size : nil }
        let chunk = Array(buffer[0..<size])
        buffer.removeFirst(size + 2)
        return chunk
    }

    private func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while let chunk = try readChunk() { body += chunk }
        return body
    }

    private func waitFor(_ condition: ([UInt8]) -> Int?) throws -> Int {
        while true {
            if let result = condition(buffer) { return result }
            guard try fill() else { throw isClosedByPeer ? HTTPTestError.connectionClosed : HTTPTestError.timedOut }
        }
    }

    /// Reads more bytes; false on timeout or EOF.
    private func fill() throws -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeoutSeconds * 1000)) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count <= 0 {
            isClosedByPeer = true
            return false
        }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
