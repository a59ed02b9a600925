import Foundation
import HomewardGeo

/// The hot path of a Takeout `Records.json`: elements of `locations` read straight from the reading
/// buffer, in one pass over its bytes, with no call per byte, no string made and nothing allocated
/// per record. It reads only the shape it knows: the members kept as plain JSON numbers, `timestamp`
/// as an RFC 3339 string, `timestampMs` as a number or a string of digits, every other member
/// skipped once it is seen to be well-formed JSON. At anything else (an escape in a name or in the
/// time, a value of another kind, a record that would be rejected, a buffer that ends inside the
/// record) it stops before that record and leaves it untouched, and `JSONScanner` reads it the
/// careful way, with the same fixes, rejections and messages as before.
///
/// Works on a raw pointer the caller keeps alive (`ByteCursor.withUnreadBytes`); every read is
/// checked against `end` by hand.
struct RecordsBufferScanner {
    private let p: UnsafePointer<UInt8>
    private let end: Int

    /// Nesting a skipped member may have; deeper ones go to the careful reader.
    static let maxDepth = 32

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        p = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        end = bytes.count
    }

    /// Reads elements of `locations` from the front of `bytes` (which starts after `[` or after an
    /// element's comma), each with the comma after it, while an element starts before
    /// `startingBefore` and fewer than `maxRecords` are read; appends their fixes to `fixes`.
    /// Returns the bytes taken (up to and including the last comma taken) and the records read.
    static func records(
        in bytes: UnsafeBufferPointer<UInt8>, startingBefore limit: Int, maxRecords: Int, into fixes: inout [Fix]
    ) -> (taken: Int, records: Int) {
        let scanner = RecordsBufferScanner(bytes)
        var taken = 0, records = 0
        while records < maxRecords {
            var j = taken
            scanner.skipSpace(&j)
            guard j < limit, let fix = scanner.record(&j) else { break }
            scanner.skipSpace(&j)
            // The last element (before `]`) is left to the careful reader, which closes the array.
            guard j < scanner.end, scanner.p[j] == UInt8(ascii: ",") else { break }
            fixes.append(fix)
            records += 1
            taken = j + 1
        }
        return (taken, records)
    }

    /// The members of a location kept.
    private enum Member {
        case latitudeE7, longitudeE7, accuracy, velocity, timestamp, timestampMs, other
    }

    /// One location object at `j` (its `{`), read to after its `}`; nil to leave it to the careful reader.
    private func record(_ j: inout Int) -> Fix? {
        guard p[j] == UInt8(ascii: "{") else { return nil }
        j += 1
        var latE7: Double?, lonE7: Double?, accuracy: Double?, velocity: Double?, timestamp: Double?, timestampMs: Double?
        skipSpace(&j)
        guard j < end, p[j] != UInt8(ascii: "}") else { return nil }
        while true {
            guard j < end, p[j] == UInt8(ascii: "\"") else { return nil }
            let keyStart = j + 1
            guard let keyEnd = plainString(&j) else { return nil }
            skipSpace(&j)
            guard j < end, p[j] == UInt8(ascii: ":") else { return nil }
            j += 1
            skipSpace(&j)
            guard j < end else { return nil }
            switch member(from: keyStart, count: keyEnd - keyStart) {
            case .latitudeE7:
                guard let value = number(&j) else { return nil }
                latE7 = value
            case .longitudeE7:
                guard let value = number(&j) else { return nil }
                lonE7 = value
            case .accuracy:
                guard let value = number(&j) else { return nil }
                accuracy = value
            case .velocity:
                guard let value = number(&j) else { return nil }
                velocity = value
            case .timestamp:
                guard p[j] == UInt8(ascii: "\"") else { return nil }
                let start = j + 1
                guard let stop = plainString(&j),
                      let milliseconds = Timestamp.parseRFC3339(UnsafeBufferPointer(start: p + start, count: stop - start))
                else { return nil }
                timestamp = Double(milliseconds) / 1000
            case .timestampMs:
                if p[j] == UInt8(ascii: "\"") {
                    guard let value = digitString(&j) else { return nil }
                    timestampMs = value
                } else {
                    guard let value = number(&j) else { return nil }
                    timestampMs = value
                }
            case .other:
                guard skipValue(&j, depth: 0) else { return nil }
            }
            skipSpace(&j)
            guard j < end else { return nil }
            if p[j] == UInt8(ascii: ",") {
                j += 1
                skipSpace(&j)
            } else if p[j] == UInt8(ascii: "}") {
                j += 1
                break
            } else {
                return nil
            }
        }
        guard let latE7, let lonE7, let t = timestamp ?? timestampMs.map({ $0 / 1000 }) else { return nil }
        let fix = Fix(
            t: t, lat: JSONExportReader.degrees(e7: latE7, limit: 90), lon: JSONExportReader.degrees(e7: lonE7, limit: 180),
            accuracy: accuracy, speed: velocity)
        return fix.coordinate.isValid ? fix : nil
    }

    private func member(from start: Int, count: Int) -> Member {
        switch count {
        case 8:
            if matches(start, "accuracy") { return .accuracy }
            if matches(start, "velocity") { return .velocity }
        case 9:
            if matches(start, "timestamp") { return .timestamp }
        case 10:
            if matches(start, "latitudeE7") { return .latitudeE7 }
        case 11:
            if matches(start, "longitudeE7") { return .longitudeE7 }
            if matches(start, "timestampMs") { return .timestampMs }
        default:
            break
        }
        return .other
    }

    /// Whether the bytes at `start` are `name` (whose length the caller checked).
    private func matches(_ start: Int, _ name: StaticString) -> Bool {
        memcmp(p + start, name.utf8Start, name.utf8CodeUnitCount) == 0
    }

    @inline(__always) private func skipSpace(_ j: inout Int) {
        while j < end {
            let byte = p[j]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            j += 1
        }
    }

    /// A string at `j` (its opening quote) without escapes, read to after its closing quote;
    /// returns where its closing quote is, nil at an escape or the buffer's end.
    private func plainString(_ j: inout Int) -> Int? {
        var k = j + 1
        while k < end {
            let byte = p[k]
            if byte == UInt8(ascii: "\"") {
                j = k + 1
                return k
            }
            if byte == UInt8(ascii: "\\") { return nil }
            k += 1
        }
        return nil
    }

    /// A string of 1 to 18 digits at `j`, as its number (what `Double(text)` makes of it).
    private func digitString(_ j: inout Int) -> Double? {
        var k = j + 1, value: Int64 = 0
        while k < end {
            let byte = p[k]
            if byte == UInt8(ascii: "\"") {
                guard k > j + 1 else { return nil }
                j = k + 1
                return Double(value)
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), k - j <= 18 else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            k += 1
        }
        return nil
    }

    /// A number at `j`, read as `JSONScanner` reads one (integers of up to 18 characters exactly,
    /// others through `Double(_:)`); nil when it is not one or may go on past the buffer.
    private func number(_ j: inout Int) -> Double? {
        let start = j
        var k = j, integer: Int64 = 0, negative = false, simple = true
        scan: while k < end {
            let byte = p[k]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if k - start < 18 { integer = integer * 10 + Int64(byte - UInt8(ascii: "0")) } else { simple = false }
            case UInt8(ascii: "-") where k == start:
                negative = true
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                simple = false
            default:
                break scan
            }
            k += 1
        }
        let count = k - start
        guard k < end, count > 0 else { return nil }
        j = k
        if simple, count > (negative ? 1 : 0) { return Double(negative ? -integer : integer) }
        return Double(String(decoding: UnsafeBufferPointer(start: p + start, count: count), as: UTF8.self))
    }

    /// Reads past a well-formed value at `j`; false to leave the record to the careful reader.
    private func skipValue(_ j: inout Int, depth: Int) -> Bool {
        guard j < end, depth < Self.maxDepth else { return false }
        switch p[j] {
        case UInt8(ascii: "\""):
            var k = j + 1
            while k < end {
                let byte = p[k]
                if byte == UInt8(ascii: "\"") {
                    j = k + 1
                    return true
                }
                k += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            return false
        case UInt8(ascii: "{"):
            j += 1
            skipSpace(&j)
            guard j < end else { return false }
            if p[j] == UInt8(ascii: "}") {
                j += 1
                return true
            }
            while true {
                guard j < end, p[j] == UInt8(ascii: "\""), plainString(&j) != nil else { return false }
                skipSpace(&j)
                guard j < end, p[j] == UInt8(ascii: ":") else { return false }
                j += 1
                skipSpace(&j)
                guard skipValue(&j, depth: depth + 1) else { return false }
                skipSpace(&j)
                guard j < end else { return false }
                if p[j] == UInt8(ascii: "}") {
                    j += 1
                    return true
                }
                guard p[j] == UInt8(ascii: ",") else { return false }
                j += 1
                skipSpace(&j)
            }
        case UInt8(ascii: "["):
            j += 1
            skipSpace(&j)
            guard j < end else { return false }
            if p[j] == UInt8(ascii: "]") {
                j += 1
                return true
            }
            while true {
                guard skipValue(&j, depth: depth + 1) else { return false }
                skipSpace(&j)
                guard j < end else { return false }
                if p[j] == UInt8(ascii: "]") {
                    j += 1
                    return true
                }
                guard p[j] == UInt8(ascii: ",") else { return false }
                j += 1
                skipSpace(&j)
            }
        case UInt8(ascii: "t"):
            return literal(&j, "true")
        case UInt8(ascii: "f"):
            return literal(&j, "false")
        case UInt8(ascii: "n"):
            return literal(&j, "null")
        default:
            return number(&j) != nil
        }
    }

    private func literal(_ j: inout Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard end - j >= count, memcmp(p + j, word.utf8Start, count) == 0 else { return false }
        j += count
        return true
    }
}
