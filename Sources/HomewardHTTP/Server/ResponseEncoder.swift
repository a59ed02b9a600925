/// Serialises a response head (and a byte body) into a connection's output buffer, adding the
/// headers the server owns: `Server`, `Date`, framing and `Connection`.
enum ResponseEncoder {
    private static let serverLine = Array("Server: homeward\r\n".utf8)
    private static let contentLengthPrefix = Array("Content-Length: ".utf8)
    private static let chunkedLine = Array("Transfer-Encoding: chunked\r\n".utf8)
    private static let closeLine = Array("Connection: close\r\n".utf8)
    private static let keepAliveLine = Array("Connection: keep-alive\r\n".utf8)
    private static let serverOwnedHeaders = ["Content-Length", "Transfer-Encoding", "Connection", "Date", "Server"]

    /// Appends the response; returns the number of body bytes appended. A stream body gets chunked
    /// framing on HTTP/1.1; on HTTP/1.0 it is sent raw and `keepAlive` must be false.
    static func encode(
        _ response: HTTPResponse, version: HTTPVersion, keepAlive: Bool, omitBody: Bool, dateLine: [UInt8],
        into output: inout [UInt8]
    ) -> Int {
        output.append(contentsOf: version.statusLinePrefix.utf8)
        output.append(contentsOf: String(response.status.code).utf8)
        output.append(0x20)
        output.append(contentsOf: response.status.reasonPhrase.utf8)
        appendCRLF(&output)
        for field in response.headers where !isServerOwned(field.name) {
            output.append(contentsOf: field.name.utf8)
            output.append(0x3A)
            output.append(0x20)
            output.append(contentsOf: field.value.utf8)
            appendCRLF(&output)
        }
        output.append(contentsOf: serverLine)
        output.append(contentsOf: dateLine)
        var bodyBytes = 0
        switch response.body {
        case .bytes(let bytes):
            if !response.status.forbidsBody {
                output.append(contentsOf: contentLengthPrefix)
                output.append(contentsOf: String(bytes.count).utf8)
                appendCRLF(&output)
            }
            appendConnection(version: version, keepAlive: keepAlive, into: &output)
            appendCRLF(&output)
            if !omitBody && !response.status.forbidsBody {
                output.append(contentsOf: bytes)
                bodyBytes = bytes.count
            }
        case .deferred:
            // The responder resolves every deferred body before a response gets here; were one to
            // slip through, an empty body keeps the connection's framing intact.
            output.append(contentsOf: contentLengthPrefix)
            output.append(UInt8(ascii: "0"))
            appendCRLF(&output)
            appendConnection(version: version, keepAlive: keepAlive, into: &output)
            appendCRLF(&output)
        case .stream:
            if version == .http1_1 { output.append(contentsOf: chunkedLine) }
            appendConnection(version: version, keepAlive: keepAlive, into: &output)
            appendCRLF(&output)
        }
        return bodyBytes
    }

    /// Whether the server sets this header itself; the length check keeps the common case cheap.
    private static func isServerOwned(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4, 6, 10, 14, 17: serverOwnedHeaders.contains { HTTPHeaders.equalsIgnoringCase($0, name) }
        default: false
        }
    }

    private static func appendConnection(version: HTTPVersion, keepAlive: Bool, into output: inout [UInt8]) {
        if !keepAlive {
            output.append(contentsOf: closeLine)
        } else if version == .http1_0 {
            output.append(contentsOf: keepAliveLine)
        }
    }

    @inline(__always)
    private static func appendCRLF(_ output: inout [UInt8]) {
        output.append(0x0D)
        output.append(0x0A)
    }
}
