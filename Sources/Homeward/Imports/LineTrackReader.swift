import HomewardGeo

/// Streams the line formats: CSV (`t,lat,lon[,accuracy[,speed]]`, a header optional) and the
/// OwnTracks Recorder's `.rec` lines (`time\ttype\t{json}`, only `location` payloads read).
final class LineTrackReader {
    private let cursor: ByteCursor
    let format: ImportFormat
    /// The CSV columns of t, lat, lon, accuracy and speed.
    private var columns = (t: 0, lat: 1, lon: 2, accuracy: Optional(3), speed: Optional<Int>.none)
    private var lineNumber = 0

    /// The longest line read.
    static let maxLineBytes = 1 << 20

    init(cursor: ByteCursor, format: ImportFormat) {
        self.cursor = cursor
        self.format = format
    }

    /// The lines skipped because they could not be used.
    private(set) var rejections = ImportRejections()

    func next() throws -> Fix? {
        while let bytes = try cursor.nextLine(maxBytes: Self.maxLineBytes) {
            lineNumber += 1
            do {
                let fix: Fix?
                switch format {
                case .ownTracksRecorder: fix = try ownTracks(bytes)
                default: fix = try csv(String(decoding: bytes, as: UTF8.self))
                }
                if let fix {
                    guard fix.coordinate.isValid else {
                        throw ImportProblem(rejecting: "line \(lineNumber)", expected: "a latitude within ±90 and a longitude within ±180")
                    }
                    return fix
                }
            } catch let problem as ImportProblem where problem.isRejection {
                // A last line without its line end that cannot be read is where the file was cut off.
                let isLastLine = try cursor.peek() == nil
                guard cursor.lastLineWasEnded || !isLastLine else {
                    throw ImportProblem(truncatedAt: problem.location, detail: "the file ends inside this line (\(problem.message))")
                }
                rejections.add(problem)
            }
        }
        return nil
    }

    private func csv(_ line: String) throws -> Fix? {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        if lineNumber == 1, TimeText.seconds(fields[0]) == nil {
            try readHeader(fields.map { $0.lowercased() })
            return nil
        }
        func number(_ column: Int?) -> Double? { column.flatMap { $0 < fields.count ? Double(fields[$0]) : nil } }
        guard columns.t < fields.count, let t = TimeText.seconds(fields[columns.t]) else {
            throw ImportProblem(rejecting: "line \(lineNumber)", expected: "a time (Unix seconds or RFC 3339) in column \(columns.t + 1)")
        }
        guard let lat = number(columns.lat), let lon = number(columns.lon) else {
            throw ImportProblem(rejecting: "line \(lineNumber)", expected: "numeric lat and lon in columns \(columns.lat + 1) and \(columns.lon + 1)")
        }
        return Fix(t: t, lat: lat, lon: lon, accuracy: number(columns.accuracy), speed: number(columns.speed))
    }

    private func readHeader(_ header: [String]) throws {
        func column(_ names: [String]) -> Int? { header.firstIndex { names.contains($0) } }
        guard let t = column(["t", "time", "timestamp"]), let lat = column(["lat", "latitude"]),
              let lon = column(["lon", "lng", "longitude"]) else {
            throw ImportProblem(at: "line 1", expected: "a header naming t, lat and lon (or a first row of values)")
        }
        columns = (t, lat, lon, column(["accuracy", "acc"]), column(["speed"]))
    }

    private func ownTracks(_ bytes: [UInt8]) throws -> Fix? {
        guard let brace = bytes.firstIndex(of: UInt8(ascii: "{")) else {
            guard bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
                throw ImportProblem(rejecting: "line \(lineNumber)", expected: "time, tab, type, tab and a JSON payload")
            }
            return nil
        }
        let payload = try JSONScanner(cursor: ByteCursor(try ImportInput(bytes: Array(bytes[brace...]))))
            .value(at: "line \(lineNumber)")
        guard payload["_type"]?.string ?? "location" == "location" else { return nil }
        guard let lat = payload["lat"]?.number, let lon = payload["lon"]?.number, let tst = payload["tst"]?.number else {
            throw ImportProblem(rejecting: "line \(lineNumber)", expected: "a location payload with lat, lon and tst")
        }
        return Fix(t: tst, lat: lat, lon: lon, accuracy: payload["acc"]?.number, speed: payload["vel"]?.number.map { $0 / 3.6 })
    }
}
