import HomewardHTTP

/// Reads the fields of one sample object, turning every missing, mistyped or non-finite value into a
/// `SampleProblem` that names the field, so one bad sample never fails the whole batch.
///
/// The fields come either from Foundation's decoder (any body) or from `SampleBatchParser` (the
/// common shape, read faster); both give the same answers and the same problems.
struct SampleFields {
    private enum Source {
        case container(Container)
        case parsed(names: [String], values: [SampleValue])
    }

    /// Foundation's container, boxed: a resilient generic payload would make every copy and switch
    /// of `Source` go through runtime metadata, on the fast parser's path too.
    private final class Container {
        let keyed: KeyedDecodingContainer<JSONMemberKey>

        init(_ keyed: KeyedDecodingContainer<JSONMemberKey>) {
            self.keyed = keyed
        }
    }

    private let source: Source

    init(_ decoder: any Decoder) throws(SampleProblem) {
        do {
            source = .container(Container(try decoder.container(keyedBy: JSONMemberKey.self)))
        } catch {
            throw SampleProblem(code: "wrong_type", key: "", message: "a sample must be a JSON object")
        }
    }

    /// The fields `SampleBatchParser` read: `values[i]` is the value of key `names[i]`.
    init(names: [String], values: [SampleValue]) {
        source = .parsed(names: names, values: values)
    }

    /// A required time (RFC 3339 or Unix seconds).
    func time(_ name: String) throws(SampleProblem) -> Timestamp {
        guard let time = try optionalTime(name) else {
            throw SampleProblem(code: "missing_field", key: name, message: "\(name) is required")
        }
        return time
    }

    /// An optional time (RFC 3339 or Unix seconds).
    func optionalTime(_ name: String) throws(SampleProblem) -> Timestamp? {
        func problem() -> SampleProblem {
            SampleProblem(code: "wrong_type", key: name, message: "\(name) must be an RFC 3339 time or a number of Unix seconds")
        }
        switch source {
        case .container(let box):
            let container = box.keyed
            do {
                return try container.decodeIfPresent(Timestamp.self, forKey: JSONMemberKey(name))
            } catch {
                throw problem()
            }
        case .parsed(let names, let values):
            switch Self.value(name, names: names, values: values) {
            case .absent: return nil
            case .number(let seconds):
                guard let time = Timestamp(unixSeconds: seconds) else { throw problem() }
                return time
            case .string(let text):
                guard let time = Timestamp(rfc3339: text) else { throw problem() }
                return time
            }
        }
    }

    /// A required finite number.
    func number(_ name: String) throws(SampleProblem) -> Double {
        guard let value = try optionalNumber(name) else {
            throw SampleProblem(code: "missing_field", key: name, message: "\(name) is required")
        }
        return value
    }

    /// An optional finite number (null counts as absent).
    func optionalNumber(_ name: String) throws(SampleProblem) -> Double? {
        let value: Double?
        func problem() -> SampleProblem { SampleProblem(code: "wrong_type", key: name, message: "\(name) must be a number") }
        switch source {
        case .container(let box):
            let container = box.keyed
            do {
                value = try container.decodeIfPresent(Double.self, forKey: JSONMemberKey(name))
            } catch {
                throw problem()
            }
        case .parsed(let names, let values):
            switch Self.value(name, names: names, values: values) {
            case .absent: value = nil
            case .number(let number): value = number
            case .string: throw problem()
            }
        }
        if let value, !value.isFinite {
            throw SampleProblem(code: "wrong_type", key: name, message: "\(name) must be a finite number")
        }
        return value
    }

    /// An optional string of at most `maxBytes` UTF-8 bytes (null counts as absent).
    func optionalString(_ name: String, maxBytes: Int) throws(SampleProblem) -> String? {
        let value: String?
        func problem() -> SampleProblem { SampleProblem(code: "wrong_type", key: name, message: "\(name) must be a string") }
        switch source {
        case .container(let box):
            let container = box.keyed
            do {
                value = try container.decodeIfPresent(String.self, forKey: JSONMemberKey(name))
            } catch {
                throw problem()
            }
        case .parsed(let names, let values):
            switch Self.value(name, names: names, values: values) {
            case .absent: value = nil
            case .string(let text): value = text
            case .number: throw problem()
            }
        }
        if let value, value.utf8.count > maxBytes {
            throw SampleProblem(code: "out_of_range", key: name, message: "\(name) must have at most \(maxBytes) bytes")
        }
        return value
    }

    /// The parsed value of key `name`; absent for a key the sample type does not list.
    private static func value(_ name: String, names: [String], values: [SampleValue]) -> SampleValue {
        // Lengths first: comparing two different strings in full is the slow path of String's `==`.
        let length = name.utf8.count
        return names.firstIndex { $0.utf8.count == length && $0 == name }.map { values[$0] } ?? .absent
    }
}
