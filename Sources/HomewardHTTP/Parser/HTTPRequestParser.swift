/// A strict HTTP/1.1 request parser (RFC 9112): a pure state machine over bytes, knowing nothing of
/// sockets. It parses in place on the caller's `ReadBuffer`, consuming bytes as they are used, and
/// may be fed any slicing of the stream, down to one byte at a time.
public struct HTTPRequestParser: Sendable {
    private enum State: Sendable {
        case head(scannedBytes: Int)
        case fixedBody(remainingBytes: Int)
        case chunkSize
        case chunkData(remainingBytes: Int)
        case chunkDataEnd
        case trailers(scannedBytes: Int)
        case failed
    }

    private enum HeadScan {
        case incomplete(scannedBytes: Int)
        case complete(endIndex: Int)
        case failure(HTTPError)
    }

    private let maxRequestLineBytes: Int
    private let maxHeaderBytes: Int
    private let maxHeaderCount: Int
    private let maxChunkLineBytes: Int
    private let maxBodyBytes: Int
    private var state = State.head(scannedBytes: 0)
    private var pending: HTTPRequest?
    private var continueAnnounced = true
    /// The bytes a request whose route takes its body streamed may send at most; nil: it is buffered.
    private let streamedBodyLimit: (@Sendable (HTTPRequest) -> Int?)?
    /// The limit of the body being streamed; nil while a body is buffered (or none is read).
    private var streamLimit: Int?
    /// Bytes of the streamed body so far, and those not yet handed out as a part.
    private var streamedBytes = 0
    private var streamPart: [UInt8] = []

    /// Creates a parser enforcing the configuration's limits. `streamedBodyLimit` says, once a head is
    /// parsed, whether its body is streamed (and up to how many bytes): such a request is handed out
    /// at once and its body follows as `.bodyPart` events instead of being buffered.
    public init(configuration: HTTPServerConfiguration, streamedBodyLimit: (@Sendable (HTTPRequest) -> Int?)? = nil) {
        maxRequestLineBytes = configuration.maxRequestLineBytes
        maxHeaderBytes = configuration.maxHeaderBytes
        maxHeaderCount = configuration.maxHeaderCount
        maxChunkLineBytes = configuration.maxChunkLineBytes
        maxBodyBytes = configuration.maxBodyBytes
        self.streamedBodyLimit = streamedBodyLimit
    }

    /// Whether the body being read is streamed (its request was handed out already).
    public var isStreamingBody: Bool { streamLimit != nil && isReadingBody }

    /// Whether the parser has finished a head and waits for its body.
    public var isReadingBody: Bool {
        switch state {
        case .fixedBody, .chunkSize, .chunkData, .chunkDataEnd, .trailers: true
        case .head, .failed: false
        }
    }

    /// Parses what it can from `buffer`, consuming the bytes it used. Returns nil when it needs
    /// more bytes. After `.failure` the parser stays failed: the connection must be closed.
    public mutating func parse(_ buffer: inout ReadBuffer) -> HTTPParserEvent? {
        while true {
            switch state {
            case .failed:
                return nil
            case .head(let scannedBytes):
                guard let event = parseHead(&buffer, scannedBytes: scannedBytes) else { return nil }
                return event
            case .fixedBody(let remainingBytes):
                if let event = announceContinueIfNeeded(buffer) { return event }
                let taken = takeBody(&buffer, upTo: remainingBytes)
                if taken == remainingBytes { return completeRequest() }
                state = .fixedBody(remainingBytes: remainingBytes - taken)
                return streamedPart()
            case .chunkSize:
                if let event = announceContinueIfNeeded(buffer) { return event }
                switch parseChunkSize(&buffer) {
                case .none: return streamedPart()
                case .some(.failure(let error)): return fail(error)
                case .some(.success): continue
                }
            case .chunkData(let remainingBytes):
                let taken = takeBody(&buffer, upTo: remainingBytes)
                guard taken == remainingBytes else {
                    state = .chunkData(remainingBytes: remainingBytes - taken)
                    return streamedPart()
                }
                state = .chunkDataEnd
            case .chunkDataEnd:
                guard buffer.readableBytes >= 2 else { return streamedPart() }
                let isCRLF = buffer.withReadableBytes { $0[0] == 0x0D && $0[1] == 0x0A }
                guard isCRLF else { return fail(.invalidRequest("Chunk data is not followed by CRLF.")) }
                buffer.consume(2)
                state = .chunkSize
            case .trailers(let scannedBytes):
                guard let event = parseTrailers(&buffer, scannedBytes: scannedBytes) else { return streamedPart() }
                return event
            }
        }
    }

    // MARK: - Head

    private mutating func parseHead(_ buffer: inout ReadBuffer, scannedBytes: Int) -> HTTPParserEvent? {
        if scannedBytes == 0 { skipLeadingEmptyLines(&buffer) }
        if buffer.withReadableBytes(Self.startsWithNonTokenMethod) {
            return fail(.invalidRequest("The method is not a token."))
        }
        let scan = buffer.withReadableBytes { bytes in scanSection(bytes, from: scannedBytes, isTrailer: false) }
        switch scan {
        case .failure(let error):
            return fail(error)
        case .incomplete(let scanned):
            state = .head(scannedBytes: scanned)
            return nil
        case .complete(let endIndex):
            let result = buffer.withReadableBytes { bytes in
                parseHeadSection(UnsafeRawBufferPointer(rebasing: bytes[0..<endIndex]))
            }
            buffer.consume(endIndex)
            switch result {
            case .failure(let error):
                return fail(error)
            case .success(let (request, framing, expectsContinue)):
                pending = request
                continueAnnounced = !expectsContinue
                if case .none = framing { return completeRequest() }
                if case .length(0) = framing { return completeRequest() }
                streamLimit = streamedBodyLimit?(request)
                switch framing {
                case .none:
                    return completeRequest()
                case .length(let length):
                    guard length <= streamLimit ?? maxBodyBytes else { return fail(.payloadTooLarge()) }
                    if streamLimit == nil { pending?.body.reserveCapacity(length) }
                    state = .fixedBody(remainingBytes: length)
                case .chunked:
                    state = .chunkSize
                }
                if streamLimit != nil {
                    // The head goes to its handler now; the body follows part by part.
                    streamedBytes = 0
                    streamPart = []
                    defer { pending = nil }
                    return .request(request)
                }
                return parse(&buffer)
            }
        }
    }

    /// Whether the method (the bytes before the first space, or all so far) holds a non-token byte:
    /// binary junk and TLS handshakes are refused at once instead of waiting for a line end.
    private static func startsWithNonTokenMethod(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes {
            if byte == UInt8(ascii: " ") { return false }
            if !ByteClass.isToken(byte) { return byte != 0x0D && byte != 0x0A }
        }
        return false
    }

    private func skipLeadingEmptyLines(_ buffer: inout ReadBuffer) {
        while buffer.readableBytes >= 2 {
            let isCRLF = buffer.withReadableBytes { $0[0] == 0x0D && $0[1] == 0x0A }
            guard isCRLF else { return }
            buffer.consume(2)
        }
    }

    /// Finds the end of a head (or trailer) section, rejecting bare CR and bare LF as it goes, and
    /// enforcing the size limits before the section is complete.
    private func scanSection(_ bytes: UnsafeRawBufferPointer, from start: Int, isTrailer: Bool) -> HeadScan {
        let count = bytes.count
        if isTrailer && count >= 2 && bytes[0] == 0x0D && bytes[1] == 0x0A {
            return .complete(endIndex: 2)
        }
        var index = start
        var firstLineEnd = -1
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                guard index > 0 && bytes[index - 1] == 0x0D else {
                    return .failure(.invalidRequest("A line ends in a bare LF."))
                }
                if firstLineEnd < 0 { firstLineEnd = index }
                if index >= 3 && bytes[index - 2] == 0x0A && bytes[index - 3] == 0x0D {
                    return checkSectionSize(bytes, endIndex: index + 1, isTrailer: isTrailer) ?? .complete(endIndex: index + 1)
                }
            } else if index > 0 && bytes[index - 1] == 0x0D {
                return .failure(.invalidRequest("A bare CR is not allowed."))
            }
            index += 1
        }
        return checkSectionSize(bytes, endIndex: count, isTrailer: isTrailer) ?? .incomplete(scannedBytes: count)
    }

    private func checkSectionSize(_ bytes: UnsafeRawBufferPointer, endIndex: Int, isTrailer: Bool) -> HeadScan? {
        if isTrailer {
            return endIndex > maxHeaderBytes + 2 ? .failure(.headersTooLarge) : nil
        }
        let requestLineEnd = bytes[0..<endIndex].firstIndex(of: 0x0D)
        guard let requestLineEnd else {
            return endIndex > maxRequestLineBytes ? .failure(.uriTooLong) : nil
        }
        if requestLineEnd > maxRequestLineBytes { return .failure(.uriTooLong) }
        return endIndex - requestLineEnd - 2 > maxHeaderBytes + 2 ? .failure(.headersTooLarge) : nil
    }

    private enum Framing {
        case none
        case length(Int)
        case chunked
    }

    private func parseHeadSection(_ bytes: UnsafeRawBufferPointer) -> Result<(HTTPRequest, Framing, Bool), HTTPError> {
        let end = bytes.count - 2
        guard let lineEnd = bytes[0..<end].firstIndex(of: 0x0D) else {
            return .failure(.invalidRequest("The request line is missing."))
        }
        let requestLine = UnsafeRawBufferPointer(rebasing: bytes[0..<lineEnd])
        let line: RequestLine
        switch RequestLine.parse(requestLine) {
        case .failure(let error): return .failure(error)
        case .success(let parsed): line = parsed
        }

        var headers = HTTPHeaders()
        var hostCount = 0
        var contentLength: Int?
        var contentLengthInvalid = false
        var transferCodings: [String] = []
        var hasTransferEncoding = false
        var wantsClose = false
        var wantsKeepAlive = false
        var expectsContinue = false
        var position = lineEnd + 2
        while position < end {
            let fieldEnd = bytes[position..<end].firstIndex(of: 0x0D) ?? end
            let field: FieldLine
            switch FieldLine.parse(bytes, from: position, to: fieldEnd) {
            case .failure(let error): return .failure(error)
            case .success(let parsed): field = parsed
            }
            if headers.count >= maxHeaderCount { return .failure(.headersTooLarge) }
            let name = UnsafeRawBufferPointer(rebasing: bytes[field.name])
            let value = UnsafeRawBufferPointer(rebasing: bytes[field.value])
            headers.add(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
            switch name.count {
            case 4 where ByteClass.equalsIgnoringCase(name, "host"):
                hostCount += 1
            case 6 where ByteClass.equalsIgnoringCase(name, "expect"):
                expectsContinue = ByteClass.equalsIgnoringCase(value, "100-continue")
            case 10 where ByteClass.equalsIgnoringCase(name, "connection"):
                for token in ListValue.elements(value) {
                    if token == "close" { wantsClose = true }
                    if token == "keep-alive" { wantsKeepAlive = true }
                }
            case 14 where ByteClass.equalsIgnoringCase(name, "content-length"):
                for element in ListValue.rawElements(value) {
                    guard let length = Self.parseDecimal(element), contentLength == nil || contentLength == length else {
                        contentLengthInvalid = true
                        break
                    }
                    contentLength = length
                }
            case 17 where ByteClass.equalsIgnoringCase(name, "transfer-encoding"):
                hasTransferEncoding = true
                transferCodings.append(contentsOf: ListValue.elements(value))
            default:
                break
            }
            position = fieldEnd + 2
        }

        if line.version == .http1_1 && hostCount != 1 {
            return .failure(.invalidRequest(hostCount == 0 ? "The Host header is missing." : "The Host header is repeated."))
        }
        if hostCount > 1 { return .failure(.invalidRequest("The Host header is repeated.")) }
        if contentLengthInvalid { return .failure(.invalidRequest("The Content-Length header is invalid.")) }

        var framing = Framing.none
        if hasTransferEncoding {
            if line.version == .http1_0 {
                return .failure(.invalidRequest("Transfer-Encoding is not allowed in HTTP/1.0."))
            }
            if contentLength != nil {
                return .failure(.invalidRequest("Content-Length and Transfer-Encoding cannot both be sent."))
            }
            guard let last = transferCodings.last else {
                return .failure(.invalidRequest("The Transfer-Encoding header is empty."))
            }
            if transferCodings.dropLast().contains("chunked") {
                return .failure(.invalidRequest("chunked must be the last transfer coding, and only once."))
            }
            guard last == "chunked", transferCodings.count == 1 else {
                return .failure(.notImplemented("Only the chunked transfer coding is implemented."))
            }
            framing = .chunked
        } else if let contentLength {
            framing = .length(contentLength)
        }

        let keepAlive = line.version == .http1_1 ? !wantsClose : (wantsKeepAlive && !wantsClose)
        var request = HTTPRequest(method: line.method, target: line.target, version: line.version, headers: headers, keepAlive: keepAlive)
        request.path = line.path
        request.query = line.query
        return .success((request, framing, expectsContinue && line.version == .http1_1))
    }

    static func parseDecimal(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    // MARK: - Body

    private mutating func announceContinueIfNeeded(_ buffer: ReadBuffer) -> HTTPParserEvent? {
        guard !continueAnnounced else { return nil }
        continueAnnounced = true
        return buffer.readableBytes == 0 ? .continueExpected : nil
    }

    private mutating func takeBody(_ buffer: inout ReadBuffer, upTo limit: Int) -> Int {
        let count = min(limit, buffer.readableBytes)
        guard count > 0 else { return 0 }
        buffer.withReadableBytes { bytes in
            if streamLimit != nil {
                streamPart.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
            } else {
                pending?.body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
            }
        }
        buffer.consume(count)
        streamedBytes += streamLimit == nil ? 0 : count
        return count
    }

    /// The bytes of a streamed body taken since the last part, when there are any.
    private mutating func streamedPart() -> HTTPParserEvent? {
        guard streamLimit != nil, !streamPart.isEmpty else { return nil }
        defer { streamPart = [] }
        return .bodyPart(streamPart, isLast: false)
    }

    private enum ChunkSizeOutcome {
        case success
        case failure(HTTPError)
    }

    private mutating func parseChunkSize(_ buffer: inout ReadBuffer) -> ChunkSizeOutcome? {
        let parsed: Result<(size: Int, lineBytes: Int), HTTPError>? = buffer.withReadableBytes { bytes in
            guard let lineFeed = bytes.firstIndex(of: 0x0A) else {
                if let carriageReturn = bytes.firstIndex(of: 0x0D), carriageReturn + 1 < bytes.count {
                    return .failure(.invalidRequest("A bare CR is not allowed."))
                }
                return bytes.count > maxChunkLineBytes ? .failure(.invalidRequest("The chunk-size line is too long.")) : nil
            }
            guard lineFeed > 0, bytes[lineFeed - 1] == 0x0D, lineFeed <= maxChunkLineBytes else {
                return .failure(.invalidRequest("The chunk-size line is malformed."))
            }
            return Self.parseChunkLine(UnsafeRawBufferPointer(rebasing: bytes[0..<(lineFeed - 1)]))
                .map { (size: $0, lineBytes: lineFeed + 1) }
        }
        switch parsed {
        case .none:
            return nil
        case .some(.failure(let error)):
            return .failure(error)
        case .some(.success(let (size, lineBytes))):
            buffer.consume(lineBytes)
            if size == 0 {
                state = .trailers(scannedBytes: 0)
            } else if let streamLimit, streamedBytes + size > streamLimit {
                return .failure(.payloadTooLarge())
            } else if streamLimit == nil, (pending?.body.count ?? 0) + size > maxBodyBytes {
                return .failure(.payloadTooLarge())
            } else {
                state = .chunkData(remainingBytes: size)
            }
            return .success
        }
    }

    static func parseChunkLine(_ line: UnsafeRawBufferPointer) -> Result<Int, HTTPError> {
        var size = 0
        var index = 0
        while index < line.count, let digit = ByteClass.hexValue(line[index]) {
            guard index < 15 else { return .failure(.invalidRequest("The chunk size overflows.")) }
            size = size << 4 | digit
            index += 1
        }
        guard index > 0 else { return .failure(.invalidRequest("The chunk size is not hexadecimal.")) }
        while index < line.count, ByteClass.isWhitespace(line[index]) { index += 1 }
        guard index == line.count || line[index] == UInt8(ascii: ";") else {
            return .failure(.invalidRequest("The chunk size is followed by junk."))
        }
        while index < line.count {
            guard ByteClass.isFieldValue(line[index]) else {
                return .failure(.invalidRequest("A chunk extension contains a control character."))
            }
            index += 1
        }
        return .success(size)
    }

    private mutating func parseTrailers(_ buffer: inout ReadBuffer, scannedBytes: Int) -> HTTPParserEvent? {
        let scan = buffer.withReadableBytes { bytes in scanSection(bytes, from: scannedBytes, isTrailer: true) }
        switch scan {
        case .failure(let error):
            return fail(error)
        case .incomplete(let scanned):
            state = .trailers(scannedBytes: scanned)
            return nil
        case .complete(let endIndex):
            let error: HTTPError? = buffer.withReadableBytes { bytes in
                var position = 0
                var count = 0
                while position < endIndex - 2 {
                    let fieldEnd = bytes[position..<(endIndex - 2)].firstIndex(of: 0x0D) ?? (endIndex - 2)
                    if case .failure(let error) = FieldLine.parse(bytes, from: position, to: fieldEnd) { return error }
                    count += 1
                    if count > maxHeaderCount { return .headersTooLarge }
                    position = fieldEnd + 2
                }
                return nil
            }
            buffer.consume(endIndex)
            if let error { return fail(error) }
            return completeRequest()
        }
    }

    private mutating func completeRequest() -> HTTPParserEvent? {
        state = .head(scannedBytes: 0)
        if streamLimit != nil {
            streamLimit = nil
            defer { streamPart = [] }
            return .bodyPart(streamPart, isLast: true)
        }
        guard let request = pending else { return nil }
        pending = nil
        return .request(request)
    }

    private mutating func fail(_ error: HTTPError) -> HTTPParserEvent {
        state = .failed
        pending = nil
        streamLimit = nil
        streamPart = []
        return .failure(error)
    }
}
