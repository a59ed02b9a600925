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

    /// Decodes `type` from `bytes`, turning every failure into 400 `invalid_request`, with the JSON
    /// path of the field at fault when there is one.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(HTTPError) -> T {
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
            if context.debugDescription == UnknownFields.marker {
                return .invalidRequest("\(fieldDescription(context.codingPath)) is \(UnknownFields.marker).", field: path(context.codingPath))
            }
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
