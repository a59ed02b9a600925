/// A position in an import's bytes, refilled chunk by chunk, counting lines for error messages.
final class ByteCursor {
    private let input: ImportInput
    private var buffer: [UInt8] = []
    private var index = 0
    private var ended = false
    /// The 1-based line of the next byte.
    private(set) var line = 1
    /// Bytes of the string or number being read, reused so reading one allocates nothing.
    var scratch: [UInt8] = []
    /// Whether the last line `nextLine` returned ended with a line end (not with the input).
    private(set) var lastLineWasEnded = true

    init(_ input: ImportInput) {
        self.input = input
    }

    /// The next byte without taking it; nil at the end.
    @inline(__always) func peek() throws -> UInt8? {
        if index < buffer.count { return buffer[index] }
        return try refill() ? buffer[index] : nil
    }

    /// Takes the next byte; nil at the end.
    @inline(__always) func next() throws -> UInt8? {
        if index >= buffer.count, try !refill() { return nil }
        let byte = buffer[index]
        index += 1
        if byte == 0x0A { line += 1 }
        return byte
    }

    /// Skips spaces, tabs and line ends; returns the next byte (not taken), nil at the end.
    func skipWhitespace() throws -> UInt8? {
        while let byte = try peek() {
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
            _ = try next()
        }
        return nil
    }

    /// The bytes up to the next line end (taken, without it); nil at the end of the input.
    func nextLine(maxBytes: Int) throws -> [UInt8]? {
        guard try peek() != nil else { return nil }
        var bytes: [UInt8] = []
        lastLineWasEnded = false
        while let byte = try next() {
            if byte == 0x0A {
                lastLineWasEnded = true
                break
            }
            bytes.append(byte)
            guard bytes.count <= maxBytes else {
                throw ImportProblem(at: "line \(line)", expected: "a line of at most \(maxBytes) bytes")
            }
        }
        if bytes.last == 0x0D { bytes.removeLast() }
        return bytes
    }

    /// Up to `count` upcoming bytes, not taken (for recognising the format).
    func lookahead(_ count: Int) throws -> ArraySlice<UInt8> {
        try fill(atLeast: count)
        return buffer[index..<min(buffer.count, index + count)]
    }

    /// Makes at least `count` unread bytes lie in the buffer together, unless the input ends first:
    /// the unread bytes move to the front and the next chunks follow them.
    func fill(atLeast count: Int) throws {
        while buffer.count - index < count, !ended {
            let more = try input.nextChunk()
            if more.isEmpty {
                ended = true
            } else if index == buffer.count {
                buffer = more
                index = 0
            } else {
                buffer.removeSubrange(0..<index)
                buffer.append(contentsOf: more)
                index = 0
            }
        }
    }

    /// Whether the input has no bytes left beyond the buffer.
    var inputEnded: Bool { ended }

    /// Hands `body` the unread bytes of the buffer (at least those `fill(atLeast:)` asked for); it
    /// answers how many of them it took, from the front, with its result. The line count follows.
    /// For scanners that work on the buffer at once instead of a call per byte.
    func withUnreadBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> (taken: Int, result: Result)) rethrows -> Result {
        let start = index
        let (taken, lines, result) = try buffer.withUnsafeBufferPointer { all -> (Int, Int, Result) in
            let unread = UnsafeBufferPointer(rebasing: all[start...])
            let (taken, result) = try body(unread)
            precondition(taken >= 0 && taken <= unread.count, "a scanner took bytes it was not given")
            var lines = 0
            for byte in UnsafeBufferPointer(rebasing: unread[..<taken]) where byte == 0x0A { lines += 1 }
            return (taken, lines, result)
        }
        index += taken
        line += lines
        return result
    }

    private func refill() throws -> Bool {
        guard !ended else { return false }
        let more = try input.nextChunk()
        guard !more.isEmpty else {
            ended = true
            return false
        }
        buffer = more
        index = 0
        return true
    }
}
