import Foundation

/// A tiny HTTP/1.1 client on POSIX sockets for webhook deliveries: one POST per connection
/// (`Connection: close`), a deadline over connect, send and the status line, and no redirects
/// followed (a 3xx counts as a failed attempt).
public struct WebhookClient: Sendable {
    /// How long one attempt may take in all.
    public let timeoutSeconds: Double
    /// Longest status line read.
    public static let maxStatusLineBytes = 1024

    /// Creates a client.
    public init(timeoutSeconds: Double) {
        self.timeoutSeconds = timeoutSeconds
    }

    /// POSTs `body` to `url` with the extra `headers`; returns the response status code, or throws a
    /// `ValidationError` describing the network failure.
    public func post(_ body: [UInt8], to url: WebhookURL, headers: [(name: String, value: String)]) throws -> Int {
        let deadline = Date(timeIntervalSinceNow: timeoutSeconds)
        let descriptor = try connect(to: url, before: deadline)
        defer { close(descriptor) }
        var head = "POST \(url.path) HTTP/1.1\r\nHost: \(url.hostHeader)\r\nUser-Agent: Homeward\r\n"
        head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        head += "\r\n"
        try send(Array(head.utf8) + body, on: descriptor, before: deadline)
        return try readStatus(from: descriptor, before: deadline)
    }

    private func connect(to url: WebhookURL, before deadline: Date) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(url.host, String(url.port), &hints, &list)
        guard status == 0, let first = list else { throw ValidationError("cannot resolve \(url.host)") }
        defer { freeaddrinfo(list) }
        var lastError = "no address for \(url.host)"
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next {
            next = info.pointee.ai_next
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL, 0) | O_NONBLOCK)
            if Glibc.connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return descriptor }
            if errno == EINPROGRESS, wait(descriptor, for: Int16(POLLOUT), before: deadline) {
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
                if error == 0 { return descriptor }
                lastError = "connect: \(String(cString: strerror(error)))"
            } else {
                lastError = "connect: timed out or refused"
            }
            close(descriptor)
        }
        throw ValidationError(lastError)
    }

    private func send(_ bytes: [UInt8], on descriptor: Int32, before deadline: Date) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EAGAIN || errno == EINTR {
                guard wait(descriptor, for: Int16(POLLOUT), before: deadline) else { throw ValidationError("send timed out") }
            } else {
                throw ValidationError("send: \(String(cString: strerror(errno)))")
            }
        }
    }

    private func readStatus(from descriptor: Int32, before deadline: Date) throws -> Int {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while !received.contains(0x0A) {
            guard received.count < Self.maxStatusLineBytes else { throw ValidationError("status line too long") }
            guard wait(descriptor, for: Int16(POLLIN), before: deadline) else { throw ValidationError("no answer in time") }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EAGAIN || errno == EINTR { continue }
            guard count > 0 else { throw ValidationError("connection closed before a status line") }
            received += chunk[0..<count]
        }
        let line = String(decoding: received.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        let parts = line.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let code = Int(parts[1]), (100...599).contains(code) else {
            throw ValidationError("not an HTTP response: \(line.prefix(80))")
        }
        return code
    }

    private func wait(_ descriptor: Int32, for events: Int16, before deadline: Date) -> Bool {
        while true {
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard remaining > 0 else { return false }
            var poller = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&poller, 1, remaining)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }
}
