import Foundation

/// The entries of a zip archive on disk (a Google Takeout export, a KMZ), read from its central
/// directory: stored and deflated entries, zip64 sizes and offsets included.
struct ZipArchive {
    /// One file in the archive.
    struct Entry: Equatable {
        /// Its path inside the archive.
        let name: String
        /// Whether it is deflated (otherwise stored).
        let isDeflated: Bool
        /// Its bytes in the archive.
        let compressedBytes: Int
        /// Where its local header starts.
        let localHeaderOffset: Int
    }

    /// The archive's path.
    let path: String
    /// Every entry, in the order of the central directory.
    let entries: [Entry]
    /// The archive's size in bytes.
    let size: Int

    /// Reads the central directory of the archive at `path`.
    init(path: String) throws {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ImportProblem(at: path, expected: "a readable file") }
        defer { try? handle.close() }
        let size = Int(try handle.seekToEnd())
        self.size = size
        let tailStart = max(0, size - Self.maxEndRecordBytes)
        let tail = try Self.read(handle, at: tailStart, count: size - tailStart)
        guard let end = Self.lastIndex(of: [0x50, 0x4B, 0x05, 0x06], in: tail), end + 22 <= tail.count else {
            throw ImportProblem(truncatedAt: "the end of the zip file", detail: "its table of contents is missing")
        }
        var count = Int(Self.uint16(tail, end + 10))
        var directoryBytes = Int(Self.uint32(tail, end + 12))
        var directoryOffset = Int(Self.uint32(tail, end + 16))
        if directoryOffset == 0xFFFF_FFFF || count == 0xFFFF, end >= 20, Self.uint32(tail, end - 20) == 0x0706_4B50 {
            let record = try Self.read(handle, at: Int(Self.uint64(tail, end - 20 + 8)), count: 56)
            guard record.count == 56, Self.uint32(record, 0) == 0x0606_4B50 else {
                throw ImportProblem(at: "the end of the zip file", expected: "a zip64 end record")
            }
            count = Int(Self.uint64(record, 32))
            directoryBytes = Int(Self.uint64(record, 40))
            directoryOffset = Int(Self.uint64(record, 48))
        }
        guard directoryOffset + directoryBytes <= size else {
            throw ImportProblem(truncatedAt: "the zip file", detail: "its table of contents lies past its end")
        }
        let directory = try Self.read(handle, at: directoryOffset, count: directoryBytes)
        var entries: [Entry] = []
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= directory.count, Self.uint32(directory, at) == 0x0201_4B50 else {
                throw ImportProblem(at: "the zip file's table of contents", expected: "an entry header")
            }
            let method = Self.uint16(directory, at + 10)
            var compressed = Int(Self.uint32(directory, at + 20))
            let uncompressed = Self.uint32(directory, at + 24)
            let nameLength = Int(Self.uint16(directory, at + 28)), extraLength = Int(Self.uint16(directory, at + 30))
            let commentLength = Int(Self.uint16(directory, at + 32))
            var offset = Int(Self.uint32(directory, at + 42))
            guard at + 46 + nameLength + extraLength <= directory.count else {
                throw ImportProblem(at: "the zip file's table of contents", expected: "a whole entry header")
            }
            let name = String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            // zip64: the sizes and offset that overflowed 32 bits follow in the extra field, in order.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = Self.uint16(directory, extra), length = Int(Self.uint16(directory, extra + 2))
                if id == 0x0001 {
                    var field = extra + 4
                    if uncompressed == 0xFFFF_FFFF { field += 8 }
                    if compressed == 0xFFFF_FFFF, field + 8 <= extraEnd { compressed = Int(Self.uint64(directory, field)); field += 8 }
                    if offset == 0xFFFF_FFFF, field + 8 <= extraEnd { offset = Int(Self.uint64(directory, field)) }
                }
                extra += 4 + length
            }
            if method == 0 || method == 8 {
                entries.append(Entry(name: name, isDeflated: method == 8, compressedBytes: compressed, localHeaderOffset: offset))
            }
            at += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// Where the bytes of `entry` start (past its local header).
    func dataOffset(of entry: Entry) throws -> Int {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ImportProblem(at: path, expected: "a readable file") }
        defer { try? handle.close() }
        let header = try Self.read(handle, at: entry.localHeaderOffset, count: 30)
        guard header.count == 30, Self.uint32(header, 0) == 0x0403_4B50 else {
            throw ImportProblem(at: entry.name, expected: "a zip entry header")
        }
        return entry.localHeaderOffset + 30 + Int(Self.uint16(header, 26)) + Int(Self.uint16(header, 28))
    }

    /// The entries an import reads: the history files (JSON, GeoJSON, GPX, KML, CSV, OwnTracks
    /// `.rec`) by name; when a Takeout `Records.json` is there, its Semantic Location History is
    /// left out (the same days, coarser).
    var historyEntries: [Entry] {
        let files = entries.filter { entry in
            let name = entry.name.lowercased()
            return !name.hasSuffix("/") && !name.hasPrefix("__macosx/")
                && Self.historyExtensions.contains { name.hasSuffix($0) }
        }
        let hasRecords = files.contains { $0.name.lowercased().hasSuffix("records.json") }
        return files
            .filter { !hasRecords || !$0.name.lowercased().contains("semantic location history/") }
            .sorted { $0.name < $1.name }
    }

    private static let historyExtensions = [".json", ".geojson", ".gpx", ".kml", ".csv", ".rec"]
    /// The end record and its largest comment.
    private static let maxEndRecordBytes = 22 + 65_535

    private static func read(_ handle: FileHandle, at offset: Int, count: Int) throws -> [UInt8] {
        try handle.seek(toOffset: UInt64(offset))
        return [UInt8](try handle.read(upToCount: count) ?? Data())
    }

    private static func lastIndex(of signature: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= signature.count else { return nil }
        for index in stride(from: bytes.count - signature.count, through: 0, by: -1)
        where bytes[index] == signature[0] && bytes[index + 1] == signature[1] && bytes[index + 2] == signature[2] && bytes[index + 3] == signature[3] {
            return index
        }
        return nil
    }

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 { UInt32(uint16(bytes, at)) | UInt32(uint16(bytes, at + 2)) << 16 }
    private static func uint64(_ bytes: [UInt8], _ at: Int) -> UInt64 { UInt64(uint32(bytes, at)) | UInt64(uint32(bytes, at + 4)) << 32 }
}
