import Foundation
import HomewardHTTP

/// The bytes of an import, read in chunks from a file or memory and inflated when they are gzip,
/// so a file of any size is read in bounded memory.
public final class ImportInput {
    private let handle: FileHandle?
    private var memory: [UInt8]?
    private var inflater: GzipInflater?
    private var pending: [UInt8] = []
    private var ended = false
    /// Bytes taken from the file or memory so far (before inflating): the progress through it.
    public private(set) var bytesConsumed = 0
    /// The size of the file or memory in bytes, when known.
    public let totalBytes: Int?
    /// The file's path, when read from one.
    let path: String?
    /// Whether the file is a zip archive (`ZipTrackReader` reads its entries).
    private(set) var isZipArchive = false
    /// Raw bytes left to read, for a zip entry (nil: up to the end of the file).
    private var remainingBytes: Int?
    /// Bytes of `memory` handed out at a time (nil: all at once), and how many were.
    private var memoryChunkBytes: Int?
    private var memoryOffset = 0

    /// How many bytes are read from a file at a time.
    static let chunkBytes = 256 * 1024

    /// Reads the file at `path`.
    public init(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImportProblem(at: path, expected: "a readable file")
        }
        self.handle = handle
        self.path = path
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        totalBytes = size
        try start()
    }

    /// Reads `length` bytes of the file at `path` from `offset`: a zip entry, inflated when `deflated`.
    init(path: String, offset: Int, length: Int, deflated: Bool) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImportProblem(at: path, expected: "a readable file")
        }
        try handle.seek(toOffset: UInt64(offset))
        self.handle = handle
        self.path = path
        totalBytes = length
        remainingBytes = length
        if deflated {
            inflater = GzipInflater(rawDeflate: true)
            pending = try inflate(try rawChunk())
        } else {
            pending = try rawChunk()
        }
    }

    /// Reads `bytes`.
    public init(bytes: [UInt8]) throws {
        handle = nil
        path = nil
        memory = bytes
        totalBytes = bytes.count
        try start()
    }

    /// Reads `bytes` `chunkBytes` at a time, as a file is read (a record or number may then be cut
    /// between two chunks anywhere).
    public convenience init(bytes: [UInt8], chunkBytes: Int) throws {
        try self.init(bytes: bytes, memoryChunkBytes: max(1, chunkBytes))
    }

    private init(bytes: [UInt8], memoryChunkBytes: Int) throws {
        handle = nil
        path = nil
        memory = bytes
        self.memoryChunkBytes = memoryChunkBytes
        totalBytes = bytes.count
        try start()
    }

    deinit { try? handle?.close() }

    /// Looks at the first bytes: gzip (1f 8b) is inflated from then on.
    private func start() throws {
        let first = try rawChunk()
        // Memory handed out in small chunks is recognised by its own first bytes.
        let magic = memoryChunkBytes == nil ? Array(first.prefix(4)) : Array((memory ?? []).prefix(4))
        if path != nil, magic.count >= 4, magic[0] == 0x50, magic[1] == 0x4B, (magic[2] == 0x03 && magic[3] == 0x04) || (magic[2] == 0x05 && magic[3] == 0x06) {
            isZipArchive = true
        } else if magic.count >= 2, magic[0] == 0x1f, magic[1] == 0x8b {
            inflater = GzipInflater()
            pending = try inflate(first)
        } else {
            pending = first
        }
    }

    /// The next chunk of (inflated) bytes; empty once the input is over.
    func nextChunk() throws -> [UInt8] {
        if !pending.isEmpty {
            defer { pending = [] }
            return pending
        }
        while !ended {
            let raw = try rawChunk()
            let bytes = inflater == nil ? raw : try inflate(raw)
            if !bytes.isEmpty { return bytes }
        }
        return []
    }

    private func inflate(_ raw: [UInt8]) throws -> [UInt8] {
        do {
            return try inflater!.inflate(raw)
        } catch {
            throw ImportProblem(truncatedAt: "byte \(bytesConsumed)", detail: error.message)
        }
    }

    private func rawChunk() throws -> [UInt8] {
        guard !ended else { return [] }
        let chunk: [UInt8]
        if let handle {
            let count = min(Self.chunkBytes, remainingBytes ?? Self.chunkBytes)
            chunk = count == 0 ? [] : [UInt8](try handle.read(upToCount: count) ?? Data())
            remainingBytes = remainingBytes.map { $0 - chunk.count }
        } else if let size = memoryChunkBytes, let bytes = memory {
            let end = min(bytes.count, memoryOffset + size)
            chunk = Array(bytes[memoryOffset..<end])
            memoryOffset = end
        } else {
            chunk = memory ?? []
            memory = nil
        }
        if chunk.isEmpty { ended = true }
        bytesConsumed += chunk.count
        return chunk
    }
}
