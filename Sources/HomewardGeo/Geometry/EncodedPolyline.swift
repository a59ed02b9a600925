/// Google's encoded polyline format (the `route` string of a trip).
public enum EncodedPolyline {
    /// Decodes `text` written with `precision` decimal digits (5 for the standard format).
    public static func decode(_ text: String, precision: Int = 5) throws(EncodedPolylineError) -> [Coordinate] {
        var factor = 1.0
        for _ in 0..<precision { factor *= 10 }
        var coordinates: [Coordinate] = []
        var lat = 0, lon = 0
        var iterator = text.utf8.makeIterator()
        var offset = 0

        func nextValue() throws(EncodedPolylineError) -> Int? {
            var result = 0, shift = 0
            while true {
                guard let byte = iterator.next() else {
                    if shift == 0 { return nil }
                    throw .truncated
                }
                guard byte >= 63, byte <= 126 else { throw .invalidCharacter(offset: offset) }
                offset += 1
                let chunk = Int(byte) - 63
                guard shift < 60 else { throw .outOfRange }
                result |= (chunk & 0x1F) << shift
                shift += 5
                if chunk < 0x20 { break }
            }
            return (result & 1) != 0 ? ~(result >> 1) : result >> 1
        }

        while let dLat = try nextValue() {
            guard let dLon = try nextValue() else { throw .truncated }
            lat += dLat
            lon += dLon
            let coordinate = Coordinate(lat: Double(lat) / factor, lon: Double(lon) / factor)
            guard abs(coordinate.lat) <= 90, abs(coordinate.lon) <= 180 else { throw .outOfRange }
            coordinates.append(coordinate)
        }
        return coordinates
    }
}
