#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension HTTPResponse {
    /// A JSON response (`application/json; charset=utf-8`) of `value`; an encoding failure
    /// becomes a 500 `internal` response.
    public static func json(_ value: some Encodable, status: HTTPStatus = .ok) -> HTTPResponse {
        guard let data = try? JSONCoding.encoder().encode(value) else { return HTTPError.internalError.response }
        return HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], bytes: Array(data))
    }

    /// A JSON response from bytes a `JSONBuilder` wrote.
    public static func json(_ builder: JSONBuilder, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], bytes: builder.bytes)
    }
}
