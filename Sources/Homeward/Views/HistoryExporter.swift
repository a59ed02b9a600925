import HomewardGeo
import HomewardHTTP
import HomewardStore

/// Writes an account's history as GeoJSON or GPX into a streamed response, reading the database
/// one page at a time (each page its own short read, so a slow client never pins a snapshot).
struct HistoryExporter {
    /// Fixes read from the database per page.
    static let pageSize = 2000
    /// Bytes gathered before they are handed to the connection.
    static let chunkBytes = 64 * 1024

    let database: any DatabaseReader
    let account: AccountKey
    let accountName: String
    let query: HistoryQuery

    /// Produces the whole document into `writer`, a part at a time, then finishes it. Each part is
    /// handed on without waiting (`HTTPBodyWriter.write(_:then:)`), and the next is made only once
    /// the client has read enough: an export to a client that reads slowly, or not at all, holds no
    /// thread meanwhile. A failed read ends the document where it is.
    func export(into writer: HTTPBodyWriter) {
        ExportRun(exporter: self, writer: writer).produceNextPart()
    }

    /// Where an export stands between two parts.
    private enum Stage {
        case header
        case page(after: HistoryPosition?)
        case simplified(ArraySlice<StoredLocation>)
        case footer
        case done
    }

    /// One export under way. `@unchecked Sendable`: only one thread at a time touches it, since each
    /// part is made after the previous one was handed on.
    private final class ExportRun: @unchecked Sendable {
        let exporter: HistoryExporter
        let writer: HTTPBodyWriter
        var stage = Stage.header
        var isFirst = true

        init(exporter: HistoryExporter, writer: HTTPBodyWriter) {
            self.exporter = exporter
            self.writer = writer
        }

        func produceNextPart() {
            var buffer: [UInt8] = []
            do {
                while buffer.count < HistoryExporter.chunkBytes {
                    switch stage {
                    case .header:
                        buffer.append(contentsOf: exporter.header.utf8)
                        if let tolerance = exporter.query.simplifyMetres {
                            stage = .simplified(HistoryExporter.simplified(try exporter.everyFix(), toleranceMetres: tolerance)[...])
                        } else {
                            stage = .page(after: exporter.query.after)
                        }
                    case .page(let position):
                        let page = try exporter.read(after: position)
                        for fix in page { emit(fix, into: &buffer) }
                        if page.count == HistoryExporter.pageSize, let last = page.last {
                            stage = .page(after: HistoryPosition(time: last.time, sampleHash: last.sampleHash))
                        } else {
                            stage = .footer
                        }
                    case .simplified(let fixes):
                        let part = fixes.prefix(HistoryExporter.pageSize)
                        for fix in part { emit(fix, into: &buffer) }
                        stage = part.count < fixes.count ? .simplified(fixes.dropFirst(part.count)) : .footer
                    case .footer:
                        buffer.append(contentsOf: exporter.footer.utf8)
                        stage = .done
                    case .done:
                        finish(with: buffer)
                        return
                    }
                }
            } catch {
                finish(with: buffer)
                return
            }
            writer.write(buffer) { [self] in produceNextPart() }
        }

        private func emit(_ fix: StoredLocation, into buffer: inout [UInt8]) {
            exporter.appendPoint(fix, isFirst: isFirst, to: &buffer)
            isFirst = false
        }

        private func finish(with buffer: [UInt8]) {
            let writer = writer
            writer.write(buffer) { writer.finish() }
        }
    }

    /// `fixes` reduced by Douglas–Peucker with `toleranceMetres`, keeping times and measures.
    static func simplified(_ fixes: [StoredLocation], toleranceMetres: Double) -> [StoredLocation] {
        let kept = DouglasPeucker.simplify(fixes.map { Coordinate(lat: $0.lat, lon: $0.lon) }, toleranceMetres: toleranceMetres)
        var result: [StoredLocation] = []
        result.reserveCapacity(kept.count)
        var next = kept.makeIterator()
        var wanted = next.next()
        for fix in fixes where wanted == Coordinate(lat: fix.lat, lon: fix.lon) {
            result.append(fix)
            wanted = next.next()
        }
        return result
    }

    fileprivate func everyFix() throws -> [StoredLocation] {
        var all: [StoredLocation] = []
        var position = query.after
        while true {
            let page = try read(after: position)
            all += page
            guard page.count == Self.pageSize, let last = page.last else { return all }
            position = HistoryPosition(time: last.time, sampleHash: last.sampleHash)
        }
    }

    fileprivate func read(after position: HistoryPosition?) throws -> [StoredLocation] {
        try database.read { db in
            try LocationStore(db: db).history(
                of: account, from: query.from, to: query.to, after: position, limit: Self.pageSize,
                includingFlagged: query.includingFlagged)
        }
    }

    fileprivate var header: String {
        switch query.format {
        case .gpx:
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Homeward" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
            <trk><name>\(Self.xmlEscaped(accountName))</name><trkseg>

            """
        case .geojson, .json:
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"# + Self.jsonString(accountName)
                + #"},"geometry":{"type":"LineString","coordinates":["#
        }
    }

    fileprivate var footer: String {
        switch query.format {
        case .gpx: "</trkseg></trk>\n</gpx>\n"
        case .geojson, .json: "]}}]}"
        }
    }

    /// Appends one point; coordinates are written from their stored precision (7 decimals, altitude
    /// to decimetres) in plain decimal notation, which both JSON and GPX's `xsd:decimal` accept.
    fileprivate func appendPoint(_ fix: StoredLocation, isFirst: Bool, to bytes: inout [UInt8]) {
        switch query.format {
        case .gpx:
            bytes.append(contentsOf: Self.trackPointOpen)
            JSONBuilder.appendDecimal(fix.lat, fractionDigits: 7, to: &bytes)
            bytes.append(contentsOf: Self.trackPointLon)
            JSONBuilder.appendDecimal(fix.lon, fractionDigits: 7, to: &bytes)
            bytes.append(contentsOf: Self.trackPointClose)
            if let altitude = fix.altitudeMetres {
                bytes.append(contentsOf: Self.elevationOpen)
                JSONBuilder.appendDecimal(altitude, fractionDigits: 1, to: &bytes)
                bytes.append(contentsOf: Self.elevationClose)
            }
            bytes.append(contentsOf: Self.timeOpen)
            bytes.append(contentsOf: fix.time.rfc3339.utf8)
            bytes.append(contentsOf: Self.timeClose)
        case .geojson, .json:
            if !isFirst { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            JSONBuilder.appendDecimal(fix.lon, fractionDigits: 7, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            JSONBuilder.appendDecimal(fix.lat, fractionDigits: 7, to: &bytes)
            if let altitude = fix.altitudeMetres {
                bytes.append(UInt8(ascii: ","))
                JSONBuilder.appendDecimal(altitude, fractionDigits: 1, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
    }

    private static let trackPointOpen = Array(#"<trkpt lat=""#.utf8)
    private static let trackPointLon = Array(#"" lon=""#.utf8)
    private static let trackPointClose = Array(#"">"#.utf8)
    private static let elevationOpen = Array("<ele>".utf8)
    private static let elevationClose = Array("</ele>".utf8)
    private static let timeOpen = Array("<time>".utf8)
    private static let timeClose = Array("</time></trkpt>\n".utf8)

    private static func xmlEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    private static func jsonString(_ text: String) -> String {
        var quoted: [UInt8] = []
        JSONBuilder.appendQuoted(text, to: &quoted)
        return String(decoding: quoted, as: UTF8.self)
    }
}
