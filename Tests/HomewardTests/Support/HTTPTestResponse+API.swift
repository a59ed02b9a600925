import HomewardHTTP
import HomewardHTTPTesting

extension HTTPTestResponse {
    /// Decodes the body as `type`; throws, showing the body, unless the status is `status`.
    func decode<T: Decodable>(_ type: T.Type, expecting status: HTTPStatus) throws -> T {
        guard self.status == status else {
            throw HTTPTestError.malformedResponse("expected \(status), got \(self.status): \(text)")
        }
        return try decode(type)
    }

    /// The body as a JSON tree, for checks of the wire's shape (keys present, nulls).
    func json() throws -> JSONValue {
        try decode(JSONValue.self)
    }

    /// The text field `key` of the body; throws unless the status is `status`.
    func string(_ key: String, expecting status: HTTPStatus) throws -> String {
        guard self.status == status, let value = try json()[key]?.string else {
            throw HTTPTestError.malformedResponse("expected \(status) with `\(key)`, got \(self.status): \(text)")
        }
        return value
    }
}
