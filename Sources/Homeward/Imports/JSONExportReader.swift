import HomewardGeo

/// Streams the JSON exports (Takeout `Records.json`, the phone's Timeline export, Semantic Location
/// History, GeoJSON): the root object's arrays are read one element at a time, and the format is
/// the one the first known array's name says. Memory holds one element, never the file.
final class JSONExportReader {
    private let scanner: JSONScanner
    private var pending: [Fix] = []
    private var pendingIndex = 0
    /// The root member being streamed and the index of its next element.
    private var array: (key: String, index: Int)?
    private var rootIsArray = false
    private var done = false
    /// The format, once a known member was seen.
    private(set) var format: ImportFormat?
    /// The elements skipped because they could not be used.
    private(set) var rejections = ImportRejections()

    init(cursor: ByteCursor) throws {
        scanner = JSONScanner(cursor: cursor)
        switch try cursor.skipWhitespace() {
        case UInt8(ascii: "{"):
            _ = try cursor.next()
            if try cursor.skipWhitespace() == UInt8(ascii: "}") {
                _ = try cursor.next()
                done = true
            }
        case UInt8(ascii: "["):
            // The Timeline export of some phones is a bare array of segments.
            _ = try cursor.next()
            rootIsArray = true
            format = .timeline
            array = ("", 0)
            if try cursor.skipWhitespace() == UInt8(ascii: "]") { done = true }
        default:
            throw scanner.problem(at: "$", expected: "a JSON object or array")
        }
    }

    func next() throws -> Fix? {
        while true {
            if pendingIndex < pending.count {
                pendingIndex += 1
                return pending[pendingIndex - 1]
            }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            guard !done else { return nil }
            try advance()
        }
    }

    /// Appends the next fixes to `fixes` until it holds `limit`; false once the input is read to its end.
    func read(into fixes: inout [Fix], limit: Int) throws -> Bool {
        while true {
            if pendingIndex < pending.count {
                let count = min(pending.count - pendingIndex, limit - fixes.count)
                fixes.append(contentsOf: pending[pendingIndex..<pendingIndex + count])
                pendingIndex += count
            }
            if fixes.count >= limit { return true }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            guard !done else { return false }
            try advance()
        }
    }

    /// Bytes kept together in the buffer for `RecordsBufferScanner`, and how close to their end a
    /// record may start (one longer than that is read the careful way).
    static let bufferScanBytes = 64 * 1024
    static let bufferScanMarginBytes = 16 * 1024
    /// Records read by one buffer scan at most (the fixes wait in `pending`).
    static let bufferScanRecords = 4096

    /// Reads elements of `locations` straight from the buffer (`RecordsBufferScanner`); returns how
    /// many, 0 when the next one must be read the careful way.
    private func scanRecords() throws -> Int {
        let cursor = scanner.cursor
        try cursor.fill(atLeast: Self.bufferScanBytes)
        let ended = cursor.inputEnded
        return cursor.withUnreadBytes { bytes in
            let limit = ended ? bytes.count : bytes.count - Self.bufferScanMarginBytes
            let (taken, read) = RecordsBufferScanner.records(
                in: bytes, startingBefore: limit, maxRecords: Self.bufferScanRecords, into: &pending)
            return (taken, read)
        }
    }

    /// Reads the next element of the current root array, or the next root member.
    private func advance() throws {
        if let (key, index) = array {
            if key == "locations", !rootIsArray {
                let read = try scanRecords()
                if read > 0 {
                    array = (key, index + read)
                    return
                }
            }
            // Named only when a message needs it: millions of elements pass without one.
            let rootIsArray = rootIsArray
            func path() -> String { rootIsArray ? "$[\(index)]" : "\(key)[\(index)]" }
            do {
                if key == "locations" {
                    try record(at: path())
                } else {
                    try convert(try scanner.value(at: path()), of: key, at: path())
                }
            } catch let problem as ImportProblem where problem.isRejection {
                // The element was read whole: skip it and go on with the next.
                rejections.add(problem)
            }
            if try scanner.separator(closing: UInt8(ascii: "]"), in: path()) {
                array = (key, index + 1)
            } else {
                array = nil
                if rootIsArray {
                    done = true
                } else if try !scanner.separator(closing: UInt8(ascii: "}"), in: key) {
                    done = true
                }
            }
            return
        }
        let key = try scanner.key(in: "$")
        if try scanner.cursor.skipWhitespace() == UInt8(ascii: "["), Self.arrayFormats[key] != nil {
            format = format ?? Self.arrayFormats[key]
            _ = try scanner.cursor.next()
            if try scanner.cursor.skipWhitespace() == UInt8(ascii: "]") {
                _ = try scanner.cursor.next()
                if try !scanner.separator(closing: UInt8(ascii: "}"), in: key) { done = true }
            } else {
                array = (key, 0)
            }
            return
        }
        let value = try scanner.value(at: key)
        if key == "type", case .string("FeatureCollection") = value {
            format = format ?? .geoJSON
        }
        if try !scanner.separator(closing: UInt8(ascii: "}"), in: "$") { done = true }
    }

    /// The root arrays read, and the format each says.
    private static let arrayFormats: [String: ImportFormat] = [
        "locations": .takeoutRecords, "semanticSegments": .timeline, "rawSignals": .timeline,
        "timelineObjects": .semanticHistory, "features": .geoJSON,
    ]

    private func convert(_ element: JSONElement, of key: String, at path: String) throws {
        switch key {
        case "semanticSegments", "": try segment(element, at: path)
        case "rawSignals": try rawSignal(element, at: path)
        case "timelineObjects": try timelineObject(element, at: path)
        default: try feature(element, at: path)
        }
    }

    // MARK: Takeout Records.json

    /// One element of `locations`, read member by member: the millions of a Records.json are the
    /// hot path, so only the members used are kept and no dictionary is built.
    private func record(at path: @autoclosure () -> String) throws {
        guard let open = try scanner.cursor.skipWhitespace() else { throw ImportProblem(truncatedAt: "\(path()) (line \(scanner.cursor.line))") }
        guard open == UInt8(ascii: "{") else { throw scanner.problem(at: path(), expected: "a location object") }
        _ = try scanner.cursor.next()
        var latE7: Double?, lonE7: Double?, accuracy: Double?, velocity: Double?, timestamp: String?, timestampMs: Double?
        if try scanner.cursor.skipWhitespace() == UInt8(ascii: "}") {
            _ = try scanner.cursor.next()
        } else {
            repeat {
                let key = try scanner.key(in: path())
                switch key {
                case "latitudeE7": latE7 = try scanner.value(at: "\(path()).\(key)").number
                case "longitudeE7": lonE7 = try scanner.value(at: "\(path()).\(key)").number
                case "accuracy": accuracy = try scanner.value(at: "\(path()).\(key)").number
                case "velocity": velocity = try scanner.value(at: "\(path()).\(key)").number
                case "timestamp": timestamp = try scanner.value(at: "\(path()).\(key)").string
                case "timestampMs": timestampMs = try scanner.value(at: "\(path()).\(key)").number
                default: try scanner.skipValue(at: "\(path()).\(key)")
                }
            } while try scanner.separator(closing: UInt8(ascii: "}"), in: path())
        }
        guard let latE7, let lonE7 else { throw scanner.rejection(at: path(), expected: "latitudeE7 and longitudeE7") }
        let t: Double
        if let text = timestamp, let time = Self.seconds(text) {
            t = time
        } else if let timestampMs {
            t = timestampMs / 1000
        } else {
            throw scanner.rejection(at: "\(path()).timestamp", expected: "an RFC 3339 timestamp or timestampMs")
        }
        try append(t, Self.degrees(e7: latE7, limit: 90), Self.degrees(e7: lonE7, limit: 180),
                   accuracy: accuracy, speed: velocity, at: path())
    }

    /// Degrees from an E7 integer; Takeout wrote some values past the range as 32-bit overflows,
    /// which are wrapped back.
    static func degrees(e7 value: Double, limit: Double) -> Double {
        var degrees = value / 1e7
        if degrees > limit { degrees -= 4_294_967_296 / 1e7 } else if degrees < -limit { degrees += 4_294_967_296 / 1e7 }
        return degrees
    }

    // MARK: The phone's Timeline export

    private func segment(_ element: JSONElement, at path: String) throws {
        if let points = element["timelinePath"]?.array {
            for (index, point) in points.enumerated() {
                let here = "\(path).timelinePath[\(index)]"
                guard let text = point["point"]?.string, let position = Self.latLon(text) else {
                    throw scanner.rejection(at: "\(here).point", expected: "\"lat°, lon°\" or \"geo:lat,lon\"")
                }
                guard let t = point["time"]?.string.flatMap(Self.seconds) else {
                    throw scanner.rejection(at: "\(here).time", expected: "an RFC 3339 time")
                }
                try append(t, position.lat, position.lon, at: here)
            }
        }
        let start = element["startTime"]?.string.flatMap(Self.seconds)
        let end = element["endTime"]?.string.flatMap(Self.seconds)
        if let visit = element["visit"], let text = visit["topCandidate"]?["placeLocation"]?["latLng"]?.string {
            guard let position = Self.latLon(text), let start, let end else {
                throw scanner.rejection(at: "\(path).visit", expected: "a placeLocation latLng with startTime and endTime")
            }
            try append(start, position.lat, position.lon, at: path)
            try append(end, position.lat, position.lon, at: path)
        }
        if let activity = element["activity"] {
            for (side, time) in [("start", start), ("end", end)] {
                guard let text = activity[side]?["latLng"]?.string else { continue }
                guard let position = Self.latLon(text), let time else {
                    throw scanner.rejection(at: "\(path).activity.\(side)", expected: "a latLng with the segment's \(side)Time")
                }
                try append(time, position.lat, position.lon, at: path)
            }
        }
    }

    private func rawSignal(_ element: JSONElement, at path: String) throws {
        guard let position = element["position"] else { return }
        guard let text = (position["LatLng"] ?? position["latLng"])?.string, let coordinate = Self.latLon(text),
              let t = position["timestamp"]?.string.flatMap(Self.seconds) else {
            throw scanner.rejection(at: "\(path).position", expected: "LatLng and timestamp")
        }
        try append(t, coordinate.lat, coordinate.lon, accuracy: position["accuracyMeters"]?.number,
                   speed: position["speedMetersPerSecond"]?.number, at: path)
    }

    // MARK: Semantic Location History

    private func timelineObject(_ element: JSONElement, at path: String) throws {
        if let visit = element["placeVisit"] {
            let (start, end) = try duration(of: visit, at: "\(path).placeVisit")
            guard let place = visit["location"], let position = Self.e7(place) else {
                throw scanner.rejection(at: "\(path).placeVisit.location", expected: "latitudeE7 and longitudeE7")
            }
            try append(start, position.lat, position.lon, at: path)
            try append(end, position.lat, position.lon, at: path)
        } else if let activity = element["activitySegment"] {
            let (start, end) = try duration(of: activity, at: "\(path).activitySegment")
            if let position = activity["startLocation"].flatMap(Self.e7) { try append(start, position.lat, position.lon, at: path) }
            for point in activity["simplifiedRawPath"]?["points"]?.array ?? [] {
                guard let position = Self.e7(point),
                      let t = point["timestamp"]?.string.flatMap(Self.seconds) ?? point["timestampMs"]?.number.map({ $0 / 1000 }) else {
                    throw scanner.rejection(at: "\(path).activitySegment.simplifiedRawPath", expected: "latE7, lngE7 and timestamp")
                }
                try append(t, position.lat, position.lon, at: path)
            }
            if let position = activity["endLocation"].flatMap(Self.e7) { try append(end, position.lat, position.lon, at: path) }
        }
    }

    private func duration(of element: JSONElement, at path: String) throws -> (Double, Double) {
        func time(_ name: String) -> Double? {
            element["duration"]?["\(name)Timestamp"]?.string.flatMap(Self.seconds)
                ?? element["duration"]?["\(name)TimestampMs"]?.number.map { $0 / 1000 }
        }
        guard let start = time("start"), let end = time("end") else {
            throw scanner.rejection(at: "\(path).duration", expected: "startTimestamp and endTimestamp")
        }
        return (start, end)
    }

    private static func e7(_ element: JSONElement) -> (lat: Double, lon: Double)? {
        guard let lat = (element["latitudeE7"] ?? element["latE7"])?.number,
              let lon = (element["longitudeE7"] ?? element["lngE7"])?.number else { return nil }
        return (degrees(e7: lat, limit: 90), degrees(e7: lon, limit: 180))
    }

    // MARK: GeoJSON

    private func feature(_ element: JSONElement, at path: String) throws {
        let geometry = element["geometry"], properties = element["properties"]
        switch geometry?["type"]?.string {
        case "Point":
            guard let position = geometry?["coordinates"]?.array, position.count >= 2,
                  let lon = position[0].number, let lat = position[1].number else {
                throw scanner.rejection(at: "\(path).geometry.coordinates", expected: "[lon, lat]")
            }
            guard let t = (properties?["timestamp"] ?? properties?["time"]).flatMap(Self.seconds(of:)) else {
                throw scanner.rejection(at: "\(path).properties", expected: "a timestamp or time")
            }
            try append(t, lat, lon, accuracy: (properties?["horizontal_accuracy"] ?? properties?["accuracy"])?.number,
                       speed: properties?["speed"]?.number, at: path)
        case "LineString":
            let positions = geometry?["coordinates"]?.array ?? []
            let times = properties?["coordTimes"]?.array ?? []
            guard positions.count == times.count else {
                throw scanner.rejection(at: "\(path).properties.coordTimes", expected: "one time per position")
            }
            for (index, (position, time)) in zip(positions, times).enumerated() {
                guard let pair = position.array, pair.count >= 2, let lon = pair[0].number, let lat = pair[1].number,
                      let t = Self.seconds(of: time) else {
                    throw scanner.rejection(at: "\(path).geometry.coordinates[\(index)]", expected: "[lon, lat] with a time")
                }
                try append(t, lat, lon, at: path)
            }
        default:
            throw scanner.rejection(at: "\(path).geometry.type", expected: "Point or LineString")
        }
    }

    // MARK: Shared

    private func append(_ t: Double, _ lat: Double, _ lon: Double, accuracy: Double? = nil, speed: Double? = nil, at path: @autoclosure () -> String) throws {
        let fix = Fix(t: t, lat: lat, lon: lon, accuracy: accuracy, speed: speed)
        guard fix.coordinate.isValid else { throw scanner.rejection(at: path(), expected: "a latitude within ±90 and a longitude within ±180") }
        pending.append(fix)
    }

    /// "51.5°, -0.12°", "geo:51.5,-0.12" or "51.5,-0.12".
    static func latLon(_ text: String) -> (lat: Double, lon: Double)? {
        let body = text.hasPrefix("geo:") ? text.dropFirst(4) : Substring(text)
        let parts = body.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "°", with: "") }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else { return nil }
        return (lat, lon)
    }

    private static func seconds(of element: JSONElement) -> Double? {
        switch element {
        case .number(let value): TimeText.seconds(value)
        case .string(let text): TimeText.seconds(text)
        default: nil
        }
    }

    private static func seconds(_ text: String) -> Double? { TimeText.seconds(text) }
}
