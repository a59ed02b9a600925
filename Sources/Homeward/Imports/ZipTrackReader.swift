import HomewardGeo

/// Reads the history files of a zip archive one after the other (a Google Takeout export, a KMZ),
/// each recognised from its own content; a problem or skipped record names the file it is in.
final class ZipTrackReader {
    private let archive: ZipArchive
    private var waiting: [ZipArchive.Entry]
    private var current: (entry: ZipArchive.Entry, reader: ImportReader)?
    /// Compressed bytes of the entries read to their end.
    private var finishedBytes = 0
    private var finishedRejections = ImportRejections()
    /// The format of the first history file that had one.
    private(set) var format: ImportFormat?

    /// A reader of the archive at `path`.
    init(path: String) throws {
        archive = try ZipArchive(path: path)
        waiting = archive.historyEntries
        guard !waiting.isEmpty else {
            throw ImportProblem(at: "the zip file", expected: "a history file (.json, .gpx, .kml, .geojson, .csv or .rec) inside it")
        }
    }

    /// Whether every history file was read to its end.
    private var isFinished = false

    /// Bytes of the archive read so far (all of it, headers included, once every file is read).
    var bytesConsumed: Int { isFinished ? archive.size : finishedBytes + (current?.reader.progress.bytes ?? 0) }

    /// The records skipped so far, each reason naming its file.
    var rejections: ImportRejections {
        guard let current else { return finishedRejections }
        var all = finishedRejections
        Self.merge(current.reader.rejections, of: current.entry, into: &all)
        return all
    }

    func next() throws -> Fix? {
        while true {
            if let (entry, reader) = current {
                do {
                    if let fix = try reader.next() {
                        format = format ?? reader.format
                        return fix
                    }
                } catch let problem as ImportProblem {
                    var named = problem
                    named.location = "\(entry.name), \(problem.location)"
                    throw named
                }
                Self.merge(reader.rejections, of: entry, into: &finishedRejections)
                finishedBytes += entry.compressedBytes
                current = nil
            }
            guard !waiting.isEmpty else {
                isFinished = true
                return nil
            }
            let entry = waiting.removeFirst()
            guard entry.compressedBytes > 0 else { continue }
            let input = try ImportInput(
                path: archive.path, offset: try archive.dataOffset(of: entry), length: entry.compressedBytes,
                deflated: entry.isDeflated)
            do {
                current = (entry, try ImportReader(input))
            } catch let problem as ImportProblem {
                var named = problem
                named.location = "\(entry.name), \(problem.location)"
                throw named
            }
        }
    }

    private static func merge(_ rejections: ImportRejections, of entry: ZipArchive.Entry, into all: inout ImportRejections) {
        all.count += rejections.count
        for reason in rejections.reasons where all.reasons.count < ImportRejections.maxReasons {
            all.reasons.append("\(entry.name), \(reason)")
        }
    }
}
