import HomewardGeo

/// Reads the fixes of a history file one at a time, whatever its size, recognising its format from
/// its first bytes (gzip inflated first; a zip file's history files read one after the other): `<` starts GPX or KML, `{` or `[` a JSON export (which
/// one its first array's name says), a line `2024-…Z<tab>…` the OwnTracks Recorder, anything else CSV.
public final class ImportReader {
    private enum Source {
        case json(JSONExportReader)
        case xml(XMLTrackReader)
        case lines(LineTrackReader)
        case zip(ZipTrackReader)
    }

    private let input: ImportInput
    private let source: Source
    /// How many fixes were read.
    public private(set) var count = 0

    /// A reader of `input`.
    public init(_ input: ImportInput) throws {
        self.input = input
        if input.isZipArchive, let path = input.path {
            source = .zip(try ZipTrackReader(path: path))
            return
        }
        let cursor = ByteCursor(input)
        var start = try cursor.lookahead(3)
        if start.elementsEqual([0xEF, 0xBB, 0xBF]) {
            for _ in 0..<3 { _ = try cursor.next() }
        }
        switch try cursor.skipWhitespace() {
        case nil:
            throw ImportProblem(at: "line 1", expected: "positions, but the file is empty")
        case UInt8(ascii: "<"):
            source = .xml(XMLTrackReader(cursor: cursor))
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            source = .json(try JSONExportReader(cursor: cursor))
        default:
            start = try cursor.lookahead(Self.sniffBytes)
            let firstLine = String(decoding: start.prefix { $0 != 0x0A }, as: UTF8.self)
            let fields = firstLine.split(separator: "\t", omittingEmptySubsequences: false)
            let recorder = fields.count >= 3 && Timestamp(rfc3339: fields[0]) != nil
            source = .lines(LineTrackReader(cursor: cursor, format: recorder ? .ownTracksRecorder : .csv))
        }
    }

    /// How many bytes are looked at to tell a Recorder file from CSV.
    static let sniffBytes = 4096

    /// The format, once recognised (JSON and XML say theirs at their first record).
    public var format: ImportFormat? {
        switch source {
        case .json(let reader): reader.format
        case .xml(let reader): reader.format
        case .lines(let reader): reader.format
        case .zip(let reader): reader.format
        }
    }

    /// The records skipped because they could not be used, with the first reasons.
    public var rejections: ImportRejections {
        switch source {
        case .json(let reader): reader.rejections
        case .xml: ImportRejections()
        case .lines(let reader): reader.rejections
        case .zip(let reader): reader.rejections
        }
    }

    /// Bytes of the file (compressed, for gzip) read so far, and the file's size when known.
    public var progress: (bytes: Int, total: Int?) {
        if case .zip(let reader) = source { return (reader.bytesConsumed, input.totalBytes) }
        return (input.bytesConsumed, input.totalBytes)
    }

    /// The next fix in file order; nil at the end; an `ImportProblem` for a record that cannot be
    /// read (the fixes before it are good).
    public func next() throws -> Fix? {
        let fix: Fix?
        switch source {
        case .json(let reader): fix = try reader.next()
        case .xml(let reader): fix = try reader.next()
        case .lines(let reader): fix = try reader.next()
        case .zip(let reader): fix = try reader.next()
        }
        if fix != nil { count += 1 }
        return fix
    }

    /// Appends the next fixes in file order to `fixes` until it holds `limit`: the bulk form of
    /// `next()`, which a Records.json reads without a call per fix. False once the input is read to
    /// its end; an `ImportProblem` as `next()` throws it, with the fixes before it appended.
    public func read(into fixes: inout [Fix], limit: Int) throws -> Bool {
        guard case .json(let reader) = source else {
            while fixes.count < limit {
                guard let fix = try next() else { return false }
                fixes.append(fix)
            }
            return true
        }
        let before = fixes.count
        defer { count += fixes.count - before }
        return try reader.read(into: &fixes, limit: limit)
    }

    /// Every fix of `bytes`, in file order (for files known to be small, as `homeward replay` reads).
    public static func fixes(of bytes: [UInt8]) throws -> [Fix] {
        let reader = try ImportReader(try ImportInput(bytes: bytes))
        var fixes: [Fix] = []
        while let fix = try reader.next() { fixes.append(fix) }
        // A whole track (a dry run) is read strictly: its first bad record is the answer.
        if let first = reader.rejections.reasons.first { throw RejectedRecord(description: first) }
        return fixes
    }

    /// The first record a strictly read track could not use, as its reason reads.
    public struct RejectedRecord: Error, CustomStringConvertible {
        /// "line 2: expected a latitude within ±90 and a longitude within ±180".
        public let description: String
    }
}
