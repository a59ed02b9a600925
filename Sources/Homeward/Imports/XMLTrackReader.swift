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
                if tag.starts(with: Array("!--".utf8)), !tag.ends(with: Array("--".utf8)) { tag.append(byte); continue }
                if tag.starts(with: Array("![CDATA[".utf8)), !tag.ends(with: Array("]]".utf8)) { tag.append(byte); continue }
                return tag.first == UInt8(ascii: "!") || tag.first == UInt8(ascii: "?") ? [] : tag
            }
            tag.append(byte)
            guard tag.count <= Self.maxTextBytes else { throw ImportProblem(at: "line \(line)", expected: "a tag closed by '>'") }
        }
        throw ImportProblem(truncatedAt: "line \(line)", detail: "the file ends inside a tag")
    }

    private func handle(_ tagBytes: [UInt8], line: Int) throws -> Fix? {
        guard !tagBytes.isEmpty else { return nil }
        let tag = String(decoding: tagBytes, as: UTF8.self)
        let closing = tag.hasPrefix("/")
        let name = tag.dropFirst(closing ? 1 : 0).prefix { !$0.isWhitespace && $0 != "/" }
        let value = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
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
            point = (Self.attribute("lat", in: tag), Self.attribute("lon", in: tag), line, nil, nil, nil)
            if tag.hasSuffix("/") { return try finishPoint(String(name), line: line) }
        case ("time", true) where point != nil:
            guard let t = TimeText.seconds(value) else { throw ImportProblem(at: "line \(line)", expected: "an RFC 3339 <time>") }
            point?.time = t
        case ("hdop", true) where point != nil:
            point?.accuracy = Double(value).map { $0 * Self.metresPerHDOP }
        case ("speed", true) where point != nil:
            point?.speed = Double(value)
        case ("trkpt", true), ("rtept", true), ("wpt", true):
            return try finishPoint(String(name), line: line)
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

    private static func attribute(_ name: String, in tag: String) -> Double? {
        for quote in ["\"", "'"] {
            guard let start = tag.range(of: " \(name)=\(quote)") else { continue }
            let value = tag[start.upperBound...]
            return value.firstIndex(of: Character(quote)).flatMap { Double(value[..<$0]) }
        }
        return nil
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix) }
}
