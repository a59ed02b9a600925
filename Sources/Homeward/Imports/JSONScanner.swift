/// Reads JSON values from a `ByteCursor`; `path` names where a value sits for error messages.
struct JSONScanner {
    let cursor: ByteCursor

    /// The next value, whole.
    func value(at path: @autoclosure () -> String) throws -> JSONElement {
        guard let byte = try cursor.skipWhitespace() else { throw ImportProblem(truncatedAt: "\(path()) (line \(cursor.line))") }
        switch byte {
        case UInt8(ascii: "{"):
            _ = try cursor.next()
            var members: [String: JSONElement] = [:]
            if try cursor.skipWhitespace() == UInt8(ascii: "}") {
                _ = try cursor.next()
                return .object(members)
            }
            while true {
                let key = try self.key(in: path())
                members[key] = try value(at: "\(path()).\(key)")
                guard try separator(closing: UInt8(ascii: "}"), in: path()) else { return .object(members) }
            }
        case UInt8(ascii: "["):
            _ = try cursor.next()
            var items: [JSONElement] = []
            if try cursor.skipWhitespace() == UInt8(ascii: "]") {
                _ = try cursor.next()
                return .array(items)
            }
            while true {
                items.append(try value(at: "\(path())[\(items.count)]"))
                guard try separator(closing: UInt8(ascii: "]"), in: path()) else { return .array(items) }
            }
        case UInt8(ascii: "\""):
            return .string(try string(at: path()))
        case UInt8(ascii: "t"):
            try literal("true", at: path())
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false", at: path())
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null", at: path())
            return .null
        default:
            return .number(try number(at: path()))
        }
    }

    /// Reads past the next value without keeping it (members a reader does not use).
    func skipValue(at path: @autoclosure () -> String) throws {
        guard let byte = try cursor.skipWhitespace() else { throw ImportProblem(truncatedAt: "\(path()) (line \(cursor.line))") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            _ = try cursor.next()
            if try cursor.skipWhitespace() == closing {
                _ = try cursor.next()
                return
            }
            repeat {
                if closing == UInt8(ascii: "}") { _ = try key(in: path()) }
                try skipValue(at: path())
            } while try separator(closing: closing, in: path())
        case UInt8(ascii: "\""):
            _ = try cursor.next()
            while true {
                guard let next = try cursor.next() else { throw ImportProblem(truncatedAt: "\(path()) (line \(cursor.line))") }
                if next == UInt8(ascii: "\"") { return }
                if next == UInt8(ascii: "\\") { _ = try cursor.next() }
            }
        default:
            _ = try value(at: path())
        }
    }

    /// A member's key and its colon.
    func key(in path: @autoclosure () -> String) throws -> String {
        guard let byte = try cursor.skipWhitespace() else { throw ImportProblem(truncatedAt: "\(path()) (line \(cursor.line))") }
        guard byte == UInt8(ascii: "\"") else { throw problem(at: path(), expected: "a quoted member name") }
        let key = try string(at: path())
        guard let colon = try cursor.skipWhitespace() else { throw ImportProblem(truncatedAt: "\(path()).\(key) (line \(cursor.line))") }
        guard colon == UInt8(ascii: ":") else { throw problem(at: "\(path()).\(key)", expected: "':' after the name") }
        _ = try cursor.next()
        return key
    }

    /// After a member or item: true at a comma (more follow), false at `closing` (taken).
    func separator(closing: UInt8, in path: @autoclosure () -> String) throws -> Bool {
        guard let byte = try cursor.skipWhitespace() else { throw ImportProblem(truncatedAt: "\(path()) (line \(cursor.line))") }
        _ = try cursor.next()
        if byte == UInt8(ascii: ",") { return true }
        if byte == closing { return false }
        throw problem(at: path(), expected: "',' or '\(Character(Unicode.Scalar(closing)))'")
    }

    /// A record at `path` (read whole) that cannot be used, with the line it is on: it is skipped.
    func rejection(at path: String, expected: String) -> ImportProblem {
        ImportProblem(rejecting: "line \(cursor.line), \(path)", expected: expected)
    }

    /// A problem at `path`, with the line it is on.
    func problem(at path: String, expected: String) -> ImportProblem {
        ImportProblem(at: "line \(cursor.line), \(path)", expected: expected)
    }

    private func literal(_ word: String, at path: @autoclosure () -> String) throws {
        for expected in word.utf8 {
            guard let byte = try cursor.next() else { throw ImportProblem(truncatedAt: "\(path()) (line \(cursor.line))") }
            guard byte == expected else { throw problem(at: path(), expected: "a JSON value") }
        }
    }

    private func string(at path: @autoclosure () -> String) throws -> String {
        _ = try cursor.next()
        cursor.scratch.removeAll(keepingCapacity: true)
        while true {
            guard let byte = try cursor.next() else { throw ImportProblem(truncatedAt: "\(path()) (line \(cursor.line))") }
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: cursor.scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = try cursor.next() else { throw ImportProblem(truncatedAt: "\(path()) (line \(cursor.line))") }
                switch escaped {
                case UInt8(ascii: "n"): cursor.scratch.append(0x0A)
                case UInt8(ascii: "t"): cursor.scratch.append(0x09)
                case UInt8(ascii: "r"): cursor.scratch.append(0x0D)
                case UInt8(ascii: "b"): cursor.scratch.append(0x08)
                case UInt8(ascii: "f"): cursor.scratch.append(0x0C)
                case UInt8(ascii: "u"):
                    var code: UInt32 = 0
                    for _ in 0..<4 {
                        guard let hex = try cursor.next(), let digit = Self.hexValue(hex) else {
                            throw problem(at: path(), expected: "four hex digits after \\u")
                        }
                        code = code * 16 + digit
                    }
                    // A lone surrogate half cannot be a scalar: it becomes U+FFFD.
                    cursor.scratch += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                default: cursor.scratch.append(escaped)
                }
            default:
                cursor.scratch.append(byte)
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number: integers are read digit by digit, others through `Double(_:)`.
    private func number(at path: @autoclosure () -> String) throws -> Double {
        var integer: Int64 = 0, negative = false, simple = true, count = 0
        cursor.scratch.removeAll(keepingCapacity: true)
        while let byte = try cursor.peek() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if count < 18 { integer = integer * 10 + Int64(byte - UInt8(ascii: "0")) } else { simple = false }
            case UInt8(ascii: "-") where count == 0:
                negative = true
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                simple = false
            default:
                guard count > 0 else { throw problem(at: path(), expected: "a JSON value") }
                return try finish(cursor.scratch, integer, negative, simple, path())
            }
            cursor.scratch.append(byte)
            count += 1
            _ = try cursor.next()
        }
        guard count > 0 else { throw ImportProblem(truncatedAt: "\(path()) (line \(cursor.line))") }
        return try finish(cursor.scratch, integer, negative, simple, path())
    }

    private func finish(_ text: [UInt8], _ integer: Int64, _ negative: Bool, _ simple: Bool, _ path: @autoclosure () -> String) throws -> Double {
        if simple, text.count > (negative ? 1 : 0) { return Double(negative ? -integer : integer) }
        guard let value = Double(String(decoding: text, as: UTF8.self)) else { throw problem(at: path(), expected: "a number") }
        return value
    }
}
