import Foundation
import HomewardGeo

/// Reads a recorded track (CSV, GPX or GeoJSON) into fixes, oldest first. Points without a time or
/// with coordinates out of range are errors that name the line or point, never skipped silently.
public enum TrackReader {
    /// A track that cannot be read, with where and why.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        /// What is wrong, and where.
        public var description: String
    }

    /// The fixes of `text` in `format`, sorted by time.
    public static func fixes(from text: String, format: TrackFormat) throws -> [Fix] {
        let fixes: [Fix]
        switch format {
        case .csv: fixes = try csv(text)
        case .gpx: fixes = try gpx(text)
        case .geojson: fixes = try geoJSON(text)
        }
        for (index, fix) in fixes.enumerated() where !fix.coordinate.isValid {
            throw Problem(description: "point \(index + 1): coordinates out of range")
        }
        return fixes.sorted { $0.t < $1.t }
    }

    private static func csv(_ text: String) throws -> [Fix] {
        var lines = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        guard !lines.isEmpty else { return [] }
        let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ names: [String]) -> Int? { header.firstIndex { names.contains($0) } }
        guard let time = column(["t", "time", "timestamp"]), let lat = column(["lat", "latitude"]),
              let lon = column(["lon", "lng", "longitude"]) else {
            throw Problem(description: "line 1: the header must name t, lat and lon")
        }
        let accuracy = column(["accuracy", "acc"]), speed = column(["speed"])
        return try lines.enumerated().map { index, line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            func number(_ column: Int?) -> Double? { column.flatMap { $0 < fields.count ? Double(fields[$0]) : nil } }
            guard time < fields.count, let t = seconds(fields[time]), let latitude = number(lat),
                  let longitude = number(lon) else {
                throw Problem(description: "line \(index + 2): needs a time and numeric lat and lon")
            }
            return Fix(t: t, lat: latitude, lon: longitude, accuracy: number(accuracy), speed: number(speed))
        }
    }

    private static func gpx(_ text: String) throws -> [Fix] {
        var fixes: [Fix] = []
        var rest = Substring(text)
        while let open = rest.range(of: "<trkpt") ?? rest.range(of: "<rtept") ?? rest.range(of: "<wpt") {
            let tagEnd = rest[open.upperBound...].firstIndex(of: ">") ?? rest.endIndex
            let attributes = rest[open.upperBound..<tagEnd]
            let body: Substring
            if let end = rest[tagEnd...].range(of: "</trkpt>") ?? rest[tagEnd...].range(of: "</rtept>")
                ?? rest[tagEnd...].range(of: "</wpt>") {
                body = rest[tagEnd..<end.lowerBound]
                rest = rest[end.upperBound...]
            } else {
                body = ""
                rest = rest[tagEnd...].dropFirst()
            }
            guard let lat = attribute("lat", in: attributes).flatMap(Double.init),
                  let lon = attribute("lon", in: attributes).flatMap(Double.init),
                  let t = element("time", in: body).flatMap(seconds) else {
                throw Problem(description: "point \(fixes.count + 1): needs lat, lon and a time")
            }
            fixes.append(Fix(t: t, lat: lat, lon: lon, accuracy: element("hdop", in: body).flatMap(Double.init).map { $0 * 5 },
                             speed: element("speed", in: body).flatMap(Double.init)))
        }
        return fixes
    }

    private static func geoJSON(_ text: String) throws -> [Fix] {
        guard let root = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw Problem(description: "not a GeoJSON object")
        }
        let features = root["features"] as? [[String: Any]] ?? (root["type"] as? String == "Feature" ? [root] : [])
        var fixes: [Fix] = []
        for (index, feature) in features.enumerated() {
            let geometry = feature["geometry"] as? [String: Any] ?? [:]
            let properties = feature["properties"] as? [String: Any] ?? [:]
            switch geometry["type"] as? String {
            case "Point":
                guard let position = geometry["coordinates"] as? [Double], position.count >= 2,
                      let t = (properties["timestamp"] ?? properties["time"]).flatMap(seconds(any:)) else {
                    throw Problem(description: "feature \(index + 1): a Point needs coordinates and a timestamp")
                }
                let accuracy = (properties["horizontal_accuracy"] ?? properties["accuracy"]) as? Double
                fixes.append(Fix(t: t, lat: position[1], lon: position[0], accuracy: accuracy,
                                 speed: properties["speed"] as? Double))
            case "LineString":
                let positions = geometry["coordinates"] as? [[Double]] ?? []
                let times = (properties["coordTimes"] as? [Any] ?? []).compactMap(seconds(any:))
                guard positions.count == times.count, positions.allSatisfy({ $0.count >= 2 }) else {
                    throw Problem(description: "feature \(index + 1): a LineString needs one coordTimes entry per position")
                }
                fixes += zip(positions, times).map { Fix(t: $1, lat: $0[1], lon: $0[0]) }
            default:
                throw Problem(description: "feature \(index + 1): only Point and LineString features are read")
            }
        }
        return fixes
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        for quote in ["\"", "'"] {
            guard let start = tag.range(of: " \(name)=\(quote)") else { continue }
            let value = tag[start.upperBound...]
            guard let end = value.firstIndex(of: Character(quote)) else { return nil }
            return String(value[..<end])
        }
        return nil
    }

    private static func element(_ name: String, in body: Substring) -> String? {
        guard let open = body.range(of: "<\(name)>"), let close = body[open.upperBound...].range(of: "</\(name)>") else {
            return nil
        }
        return body[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
    }

    private static func seconds(any value: Any) -> Double? {
        if let number = value as? Double { return number > 100_000_000_000 ? number / 1000 : number }
        return (value as? String).flatMap(seconds)
    }

    /// Unix seconds (or milliseconds), or an RFC 3339 time.
    private static func seconds(_ text: String) -> Double? {
        if let number = Double(text) { return number > 100_000_000_000 ? number / 1000 : number }
        return Timestamp(rfc3339: text).map { Double($0.unixMilliseconds) / 1000 }
    }
}
