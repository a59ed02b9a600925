import HomewardGeo

/// Streams GPX (`trkpt`, `rtept`, `wpt` with `time`) and KML (`gx:Track` with `when` and
/// `gx:coord`) one tag at a time: memory holds a tag and a text, and for KML the times of one
/// track not yet paired with a coordinate.
final class XMLTrackReader {
    private let cursor: ByteCursor
    /// GPX or KML, from the root element.
    private(set) var format: ImportFormat?
    /// The GPX point being read: its coordinates, the line it started on, its time and measures.
    private var point: (lat: Double?, lon: Double?, line: Int, time: Double?, accuracy: Double?, speed: Double?)?
    /// KML times waiting for their coordinates.
    private var whens: [Double] = []
    private var whensTaken = 0
    private var text: [UInt8] = []

    /// The longest tag or text read (a GPX `<extensions>` text or a KML description is skipped past).
    static let maxTextBytes = 64 * 1024

    init(cursor: ByteCursor) {
        self.cursor = cursor
    }

    func next() throws -> Fix? {
        while let byte = try cursor.next() {
            guard byte == UInt8(ascii: "<") else {
                if text.count < Self.maxTextBytes { text.append(byte) }
                continue
            }
            let line = cursor.line
            let tag = try readTag(from: line)
            defer { text.removeAll(keepingCapacity: true) }
            if let fix = try handle(tag, line: line) { return fix }
        }
        if point != nil { throw ImportProblem(truncatedAt: "line \(cursor.line)", detail: "the file ends inside a track point") }
        return nil
    }

    /// The tag's text between `<` (taken) and `>`; comments, declarations and CDATA come back empty.
    private func readTag(from line: Int) throws -> [UInt8] {
        var tag: [UInt8] = []
        while let byte = try cursor.next() {
            if byte == UInt8(ascii: ">") {
                guard tag.first == UInt8(ascii: "!") || tag.first == UInt8(ascii: "?") else { return tag }
                if tag.starts(with: Self.commentStart), !tag.ends(with: Self.commentEnd) { tag.append(byte); continue }
                if tag.starts(with: Self.cdataStart), !tag.ends(with: Self.cdataEnd) { tag.append(byte); continue }
                return []
            }
            tag.append(byte)
            guard tag.count <= Self.maxTextBytes else { throw ImportProblem(at: "line \(line)", expected: "a tag closed by '>'") }
        }
        throw ImportProblem(truncatedAt: "line \(line)", detail: "the file ends inside a tag")
    }

    /// Handles one tag (its bytes between `<` and `>`), with the text before it in `text`. Works on
    /// the bytes: the name is a short string, the text is decoded only for the tags that read it.
    private func handle(_ tag: [UInt8], line: Int) throws -> Fix? {
        guard !tag.isEmpty else { return nil }
        let closing = tag[0] == UInt8(ascii: "/")
        var nameEnd = closing ? 1 : 0
        while nameEnd < tag.count, !Self.isSpace(tag[nameEnd]), tag[nameEnd] != UInt8(ascii: "/") { nameEnd += 1 }
        let name = String(decoding: tag[(closing ? 1 : 0)..<nameEnd], as: UTF8.self)
        var value: String { Self.trimmed(text) }
        if format == nil {
            guard !closing else { return nil }
            switch name {
            case "gpx": format = .gpx
            case "kml": format = .kml
            default: throw ImportProblem(at: "line \(line)", expected: "a <gpx> or <kml> root element")
            }
            return nil
        }
        switch (name, closing) {
        case ("trkpt", false), ("rtept", false), ("wpt", false):
            point = (Self.attribute(Self.latAttribute, in: tag), Self.attribute(Self.lonAttribute, in: tag), line, nil, nil, nil)
            if tag.last == UInt8(ascii: "/") { return try finishPoint(name, line: line) }
        case ("time", true) where point != nil:
            guard let t = TimeText.seconds(value) else { throw ImportProblem(at: "line \(line)", expected: "an RFC 3339 <time>") }
            point?.time = t
        case ("hdop", true) where point != nil:
            point?.accuracy = Double(value).map { $0 * Self.metresPerHDOP }
        case ("speed", true) where point != nil:
            point?.speed = Double(value)
        case ("trkpt", true), ("rtept", true), ("wpt", true):
            return try finishPoint(name, line: line)
        case ("when", true):
            guard let t = TimeText.seconds(value) else { throw ImportProblem(at: "line \(line)", expected: "an RFC 3339 <when>") }
            whens.append(t)
        case ("gx:coord", true):
            let parts = value.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            guard parts.count >= 2 else { throw ImportProblem(at: "line \(line)", expected: "\"lon lat [alt]\" in <gx:coord>") }
            guard whensTaken < whens.count else { throw ImportProblem(at: "line \(line)", expected: "a <when> for every <gx:coord>") }
            let t = whens[whensTaken]
            whensTaken += 1
            return try checked(Fix(t: t, lat: parts[1], lon: parts[0]), line: line)
        case ("gx:Track", true):
            guard whensTaken == whens.count else { throw ImportProblem(at: "line \(line)", expected: "a <gx:coord> for every <when>") }
            whens.removeAll()
            whensTaken = 0
        default:
            break
        }
        return nil
    }

    private func finishPoint(_ name: String, line: Int) throws -> Fix? {
        guard let found = point else { return nil }
        point = nil
        guard let lat = found.lat, let lon = found.lon, let t = found.time else {
            throw ImportProblem(at: "line \(found.line)", expected: "a <\(name)> with lat, lon and a <time>")
        }
        return try checked(Fix(t: t, lat: lat, lon: lon, accuracy: found.accuracy, speed: found.speed), line: found.line)
    }

    private func checked(_ fix: Fix, line: Int) throws -> Fix {
        guard fix.coordinate.isValid else { throw ImportProblem(at: "line \(line)", expected: "a latitude within ±90 and a longitude within ±180") }
        return fix
    }

    /// GPX gives dilution of precision, not metres; this many metres per unit of HDOP is the usual guess.
    static let metresPerHDOP = 5.0

    private static let commentStart = Array("!--".utf8), commentEnd = Array("--".utf8)
    private static let cdataStart = Array("![CDATA[".utf8), cdataEnd = Array("]]".utf8)
    private static let latAttribute = Array("lat=".utf8), lonAttribute = Array("lon=".utf8)

    @inline(__always) private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// `bytes` without the whitespace around them, as a string.
    private static func trimmed(_ bytes: [UInt8]) -> String {
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The number of attribute `name` (`lat=`, after whitespace) quoted with `"` or `'` in `tag`.
    private static func attribute(_ name: [UInt8], in tag: [UInt8]) -> Double? {
        var index = 1
        while index + name.count < tag.count {
            if isSpace(tag[index - 1]), tag[index] == name[0], tag[index..<(index + name.count)].elementsEqual(name) {
                let quote = tag[index + name.count]
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
                let start = index + name.count + 1
                guard let end = tag[start...].firstIndex(of: quote) else { return nil }
                return Double(String(decoding: tag[start..<end], as: UTF8.self))
            }
            index += 1
        }
        return nil
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix) }
}
