#if canImport(Glibc)
import Glibc
#endif

/// The bytes a connection has read but not yet consumed; the parser works on it in place.
public struct ReadBuffer: Sendable {
    /// The storage; bytes in `readerIndex..<writerIndex` are unconsumed.
    var storage: [UInt8]
    /// The first unconsumed byte.
    private(set) var readerIndex = 0
    /// One past the last byte written.
    private(set) var writerIndex = 0

    /// Creates an empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 4096) {
        storage = [UInt8](repeating: 0, count: capacity)
    }

    /// The number of unconsumed bytes.
    public var readableBytes: Int { writerIndex - readerIndex }

    /// Appends bytes (used by tests and the in-process client; the server reads straight into storage).
    public mutating func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            reserveWritableBytes(1)
            storage[writerIndex] = byte
            writerIndex += 1
        }
    }

    /// Marks `count` bytes as consumed, and rewinds to the start once everything is consumed.
    mutating func consume(_ count: Int) {
        readerIndex += count
        if readerIndex == writerIndex {
            readerIndex = 0
            writerIndex = 0
        }
    }

    /// Makes room for at least `count` more bytes after `writerIndex`, compacting first.
    mutating func reserveWritableBytes(_ count: Int) {
        if storage.count - writerIndex >= count { return }
        if readerIndex > 0 {
            let readable = readableBytes
            storage.withUnsafeMutableBytes { raw in
                let base = raw.baseAddress!
                memmove(base, base + readerIndex, readable)
            }
            readerIndex = 0
            writerIndex = readable
        }
        if storage.count - writerIndex < count {
            storage.append(contentsOf: repeatElement(0, count: max(count, storage.count)))
        }
    }

    /// Calls `body` with the free space after `writerIndex`; `body` returns how many bytes it filled.
    mutating func writeWithUnsafeMutableBytes(_ body: (UnsafeMutableRawBufferPointer) -> Int) -> Int {
        let start = writerIndex
        let filled = storage.withUnsafeMutableBytes { raw in
            body(UnsafeMutableRawBufferPointer(rebasing: raw[start...]))
        }
        if filled > 0 { writerIndex += filled }
        return filled
    }

    /// Calls `body` with the unconsumed bytes.
    func withReadableBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let start = readerIndex
        let end = writerIndex
        return try storage.withUnsafeBytes { raw in
            try body(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
        }
    }
}
