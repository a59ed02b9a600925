/// The one error type that becomes a response: a status, an API.md error code, a message and
/// optionally the JSON path of the field at fault. Handlers throw it; the parser produces it.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The response status.
    public var status: HTTPStatus
    /// The machine-readable code, e.g. `invalid_request`.
    public var code: String
    /// A human-readable message, safe to show to the client.
    public var message: String
    /// The JSON path of the offending field, e.g. `samples[3].lat`.
    public var field: String?
    /// Extra response headers, e.g. `Allow` or `Retry-After`.
    public var headers: HTTPHeaders
    /// What a developer or administrator needs and a family should not read (a setting's flag, say):
    /// sent as the envelope's `hint`, never in `message`, which the web app shows as it is.
    public var hint: String?

    /// Creates an error.
    public init(status: HTTPStatus, code: String, message: String, field: String? = nil, headers: HTTPHeaders = [:], hint: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.headers = headers
        self.hint = hint
    }

    /// The error with `hint` for developers.
    public func hinting(_ hint: String) -> HTTPError {
        var error = self
        error.hint = hint
        return error
    }

    /// Compares status, code, message, field and hint.
    public static func == (lhs: HTTPError, rhs: HTTPError) -> Bool {
        lhs.status == rhs.status && lhs.code == rhs.code && lhs.message == rhs.message && lhs.field == rhs.field
            && lhs.hint == rhs.hint
    }

    /// "400 invalid_request: message".
    public var description: String { "\(status.code) \(code): \(message)" }

    /// 400 `invalid_request`.
    public static func invalidRequest(_ message: String, field: String? = nil) -> HTTPError {
        HTTPError(status: .badRequest, code: "invalid_request", message: message, field: field)
    }

    /// 401 `unauthorized`.
    public static func unauthorized(_ message: String = "Authentication is required.") -> HTTPError {
        HTTPError(status: .unauthorized, code: "unauthorized", message: message)
    }

    /// 403 `forbidden`.
    public static func forbidden(_ message: String = "Not allowed.") -> HTTPError {
        HTTPError(status: .forbidden, code: "forbidden", message: message)
    }

    /// 404 `not_found`.
    public static func notFound(_ message: String = "Not found.") -> HTTPError {
        HTTPError(status: .notFound, code: "not_found", message: message)
    }

    /// 405 `method_not_allowed` with `Allow`.
    public static func methodNotAllowed(allowed: [HTTPMethod]) -> HTTPError {
        HTTPError(
            status: .methodNotAllowed, code: "method_not_allowed", message: "Method not allowed.",
            headers: ["Allow": allowed.map(\.rawValue).joined(separator: ", ")]
        )
    }

    /// 409 `conflict`.
    public static func conflict(_ message: String) -> HTTPError {
        HTTPError(status: .conflict, code: "conflict", message: message)
    }

    /// 413 `payload_too_large`.
    public static func payloadTooLarge(_ message: String = "The request body is too large.") -> HTTPError {
        HTTPError(status: .payloadTooLarge, code: "payload_too_large", message: message)
    }

    /// 415 `unsupported_media_type`.
    public static func unsupportedMediaType(_ message: String) -> HTTPError {
        HTTPError(status: .unsupportedMediaType, code: "unsupported_media_type", message: message)
    }

    /// 429 `rate_limited` with `Retry-After`; the message is `reason` (what is limited: "Too many
    /// failed logins from this address") and when to try again.
    public static func rateLimited(retryAfterSeconds: Int, reason: String = "Too many requests") -> HTTPError {
        HTTPError(
            status: .tooManyRequests, code: "rate_limited",
            message: "\(reason); try again in \(waitingTime(seconds: retryAfterSeconds)).",
            headers: ["Retry-After": String(retryAfterSeconds)]
        )
    }

    /// A wait in words, rounded up to what a person would say: "30 seconds", "1 minute", "15 minutes",
    /// "2 hours".
    public static func waitingTime(seconds: Int) -> String {
        func counted(_ count: Int, _ unit: String) -> String { count == 1 ? "1 \(unit)" : "\(count) \(unit)s" }
        switch seconds {
        case ..<60: return counted(max(seconds, 1), "second")
        case ..<3_600: return counted((seconds + 59) / 60, "minute")
        default: return counted((seconds + 3_599) / 3_600, "hour")
        }
    }

    /// 500 `internal`, with a message that leaks nothing.
    public static let internalError = HTTPError(
        status: .internalServerError, code: "internal", message: "An internal error occurred."
    )

    /// 503 `unavailable`.
    public static func unavailable(_ message: String = "The service is unavailable.") -> HTTPError {
        HTTPError(status: .serviceUnavailable, code: "unavailable", message: message)
    }

    /// 408 `request_timeout`.
    static let requestTimeout = HTTPError(
        status: .requestTimeout, code: "request_timeout", message: "The request did not arrive in time."
    )

    /// 414 `uri_too_long`.
    static let uriTooLong = HTTPError(status: .uriTooLong, code: "uri_too_long", message: "The request line is too long.")

    /// 431 `request_header_fields_too_large`.
    static let headersTooLarge = HTTPError(
        status: .requestHeaderFieldsTooLarge, code: "request_header_fields_too_large",
        message: "The header fields are too large or too many."
    )

    /// 501 `not_implemented`.
    static func notImplemented(_ message: String) -> HTTPError {
        HTTPError(status: .notImplemented, code: "not_implemented", message: message)
    }

    /// 505 `http_version_not_supported`.
    static let versionNotSupported = HTTPError(
        status: .httpVersionNotSupported, code: "http_version_not_supported", message: "Only HTTP/1.x is supported."
    )

    /// The API.md envelope `{"error":{"code":...,"message":...,"field":...,"hint":...}}` as a response.
    public var response: HTTPResponse {
        var json = "{\"error\":{\"code\":"
        JSONString.append(code, to: &json)
        json += ",\"message\":"
        JSONString.append(message, to: &json)
        if let field {
            json += ",\"field\":"
            JSONString.append(field, to: &json)
        }
        if let hint {
            json += ",\"hint\":"
            JSONString.append(hint, to: &json)
        }
        json += "}}"
        var responseHeaders = headers
        responseHeaders.replaceOrAdd(name: "Content-Type", value: "application/json; charset=utf-8")
        return HTTPResponse(status: status, headers: responseHeaders, bytes: Array(json.utf8))
    }
}
