/// Reads the fields of one sample object, turning every missing, mistyped or non-finite value into a
/// `SampleProblem` that names the field, so one bad sample never fails the whole batch.
struct SampleFields {
    private let container: KeyedDecodingContainer<SampleKey>

    init(_ decoder: any Decoder) throws(SampleProblem) {
        do {
            container = try decoder.container(keyedBy: SampleKey.self)
        } catch {
            throw SampleProblem(code: "wrong_type", key: "", message: "a sample must be a JSON object")
        }
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
        do {
            return try container.decodeIfPresent(Timestamp.self, forKey: SampleKey(name))
        } catch {
            throw SampleProblem(
                code: "wrong_type", key: name,
                message: "\(name) must be an RFC 3339 time or a number of Unix seconds")
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
        do {
            value = try container.decodeIfPresent(Double.self, forKey: SampleKey(name))
        } catch {
            throw SampleProblem(code: "wrong_type", key: name, message: "\(name) must be a number")
        }
        if let value, !value.isFinite {
            throw SampleProblem(code: "wrong_type", key: name, message: "\(name) must be a finite number")
        }
        return value
    }

    /// An optional string of at most `maxBytes` UTF-8 bytes (null counts as absent).
    func optionalString(_ name: String, maxBytes: Int) throws(SampleProblem) -> String? {
        let value: String?
        do {
            value = try container.decodeIfPresent(String.self, forKey: SampleKey(name))
        } catch {
            throw SampleProblem(code: "wrong_type", key: name, message: "\(name) must be a string")
        }
        if let value, value.utf8.count > maxBytes {
            throw SampleProblem(code: "out_of_range", key: name, message: "\(name) must have at most \(maxBytes) bytes")
        }
        return value
    }
}
