#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON coders of the HTTP layer, and the mapping of decoding errors to 400 responses.
enum JSONCoding {
    /// A fresh encoder (coders are cheap and not shared across threads).
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Decodes `type` from `bytes` as our own API reads request bodies: strict RFC 8259 JSON, every
    /// number fitting its field, and no field the type does not know. Every failure becomes 400
    /// `invalid_request`, with the JSON path of the field at fault when there is one.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(HTTPError) -> T {
        guard !bytes.isEmpty else { throw .invalidRequest("A JSON body is required.") }
        let root: JSONValue
        do {
            root = try StrictJSONParser.parse(bytes)
        } catch {
            throw .invalidRequest("The body is not valid JSON: \(error.problem) at byte \(error.offset).")
        }
        let value: T
        do {
            value = try T(from: StrictJSONDecoder(value: root, codingPath: []))
        } catch let error as JSONFieldError {
            throw .invalidRequest("\(fieldDescription(error.codingPath)) \(error.problem).", field: path(error.codingPath))
        } catch let error as DecodingError {
            throw httpError(for: error)
        } catch let error as HTTPError {
            throw error
        } catch {
            throw .invalidRequest("The body could not be decoded.")
        }
        if let unknown = StrictJSONDecoder.firstUnknownField(in: root) {
            throw .invalidRequest("\(fieldDescription(unknown)) is not a field of this request.", field: path(unknown))
        }
        return value
    }

    /// Decodes `type` from `bytes` with Foundation's `JSONDecoder`, which ignores fields the type
    /// does not know: for bodies whose senders add fields of their own (phones posting samples).
    static func decodeLeniently<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(HTTPError) -> T {
        guard !bytes.isEmpty else { throw .invalidRequest("A JSON body is required.") }
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw httpError(for: error)
        } catch {
            throw .invalidRequest("The body is not valid JSON.")
        }
    }

    private static func httpError(for error: DecodingError) -> HTTPError {
        switch error {
        case .typeMismatch(_, let context):
            return .invalidRequest("\(fieldDescription(context.codingPath)) has the wrong type.", field: path(context.codingPath))
        case .valueNotFound(_, let context):
            return .invalidRequest("\(fieldDescription(context.codingPath)) must not be null.", field: path(context.codingPath))
        case .keyNotFound(let key, let context):
            let fullPath = context.codingPath + [key]
            return .invalidRequest("\(fieldDescription(fullPath)) is required.", field: path(fullPath))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return .invalidRequest("The body is not valid JSON.") }
            return .invalidRequest("\(fieldDescription(context.codingPath)) is invalid.", field: path(context.codingPath))
        @unknown default:
            return .invalidRequest("The body could not be decoded.")
        }
    }

    private static func fieldDescription(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "The body" : "`\(path(codingPath) ?? "")`"
    }

    /// `samples[3].lat` from a coding path; nil for the root.
    static func path(_ codingPath: [any CodingKey]) -> String? {
        var result = ""
        for key in codingPath {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                if !result.isEmpty { result += "." }
                result += key.stringValue
            }
        }
        return result.isEmpty ? nil : result
    }
}
