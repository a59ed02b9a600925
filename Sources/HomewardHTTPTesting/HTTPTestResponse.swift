import HomewardHTTP
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A response as the test client received it.
public struct HTTPTestResponse: Sendable {
    /// The status (the reason phrase is the server's in live mode).
    public var status: HTTPStatus
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, de-chunked but not decompressed.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: HTTPStatus, headers: HTTPHeaders, body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Decodes the JSON body (gunzipping it first when `Content-Encoding: gzip`).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        var bytes = body
        if headers["Content-Encoding"] == "gzip" { bytes = try Gzip.decompress(bytes, limitBytes: .max) }
        return try JSONDecoder().decode(type, from: Data(bytes))
    }

    /// The `error.code` of an API.md error envelope, if the body is one.
    public var errorCode: String? {
        struct Envelope: Decodable {
            struct Body: Decodable { let code: String }
            let error: Body
        }
        return (try? decode(Envelope.self))?.error.code
    }

    /// The `error.message` of an API.md error envelope, if the body is one.
    public var errorMessage: String? {
        struct Envelope: Decodable {
            struct Body: Decodable { let message: String }
            let error: Body
        }
        return (try? decode(Envelope.self))?.error.message
    }

    /// The `error.field` of an API.md error envelope, if the body is one that names a field.
    public var errorField: String? {
        struct Envelope: Decodable {
            struct Body: Decodable { let field: String? }
            let error: Body
        }
        return (try? decode(Envelope.self))?.error.field
    }
}
