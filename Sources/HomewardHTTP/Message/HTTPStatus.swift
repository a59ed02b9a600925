/// An HTTP response status: a code and its reason phrase.
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    /// The three-digit status code.
    public let code: Int
    /// The reason phrase sent on the status line.
    public let reasonPhrase: String

    /// Creates a status with a code and reason phrase.
    public init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    /// Compares by code only.
    public static func == (lhs: HTTPStatus, rhs: HTTPStatus) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// "200 OK".
    public var description: String { "\(code) \(reasonPhrase)" }

    /// Whether a response with this status carries no body and no Content-Length (1xx, 204, 304).
    var forbidsBody: Bool { code < 200 || code == 204 || code == 304 }

    /// 100 Continue.
    public static let `continue` = HTTPStatus(code: 100, reasonPhrase: "Continue")
    /// 200 OK.
    public static let ok = HTTPStatus(code: 200, reasonPhrase: "OK")
    /// 201 Created.
    public static let created = HTTPStatus(code: 201, reasonPhrase: "Created")
    /// 202 Accepted.
    public static let accepted = HTTPStatus(code: 202, reasonPhrase: "Accepted")
    /// 204 No Content.
    public static let noContent = HTTPStatus(code: 204, reasonPhrase: "No Content")
    /// 304 Not Modified.
    public static let notModified = HTTPStatus(code: 304, reasonPhrase: "Not Modified")
    /// 400 Bad Request.
    public static let badRequest = HTTPStatus(code: 400, reasonPhrase: "Bad Request")
    /// 401 Unauthorized.
    public static let unauthorized = HTTPStatus(code: 401, reasonPhrase: "Unauthorized")
    /// 403 Forbidden.
    public static let forbidden = HTTPStatus(code: 403, reasonPhrase: "Forbidden")
    /// 404 Not Found.
    public static let notFound = HTTPStatus(code: 404, reasonPhrase: "Not Found")
    /// 405 Method Not Allowed.
    public static let methodNotAllowed = HTTPStatus(code: 405, reasonPhrase: "Method Not Allowed")
    /// 408 Request Timeout.
    public static let requestTimeout = HTTPStatus(code: 408, reasonPhrase: "Request Timeout")
    /// 409 Conflict.
    public static let conflict = HTTPStatus(code: 409, reasonPhrase: "Conflict")
    /// 413 Content Too Large.
    public static let payloadTooLarge = HTTPStatus(code: 413, reasonPhrase: "Content Too Large")
    /// 414 URI Too Long.
    public static let uriTooLong = HTTPStatus(code: 414, reasonPhrase: "URI Too Long")
    /// 415 Unsupported Media Type.
    public static let unsupportedMediaType = HTTPStatus(code: 415, reasonPhrase: "Unsupported Media Type")
    /// 429 Too Many Requests.
    public static let tooManyRequests = HTTPStatus(code: 429, reasonPhrase: "Too Many Requests")
    /// 431 Request Header Fields Too Large.
    public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431, reasonPhrase: "Request Header Fields Too Large")
    /// 500 Internal Server Error.
    public static let internalServerError = HTTPStatus(code: 500, reasonPhrase: "Internal Server Error")
    /// 501 Not Implemented.
    public static let notImplemented = HTTPStatus(code: 501, reasonPhrase: "Not Implemented")
    /// 503 Service Unavailable.
    public static let serviceUnavailable = HTTPStatus(code: 503, reasonPhrase: "Service Unavailable")
    /// 505 HTTP Version Not Supported.
    public static let httpVersionNotSupported = HTTPStatus(code: 505, reasonPhrase: "HTTP Version Not Supported")
}
