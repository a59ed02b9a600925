/// An HTTP request method; any token is valid, the common ones have names.
public struct HTTPMethod: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The method as sent on the wire, case-sensitive.
    public let rawValue: String

    /// Creates a method from its wire spelling.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a method from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The wire spelling.
    public var description: String { rawValue }

    /// GET.
    public static let get = HTTPMethod("GET")
    /// HEAD.
    public static let head = HTTPMethod("HEAD")
    /// POST.
    public static let post = HTTPMethod("POST")
    /// PUT.
    public static let put = HTTPMethod("PUT")
    /// PATCH.
    public static let patch = HTTPMethod("PATCH")
    /// DELETE.
    public static let delete = HTTPMethod("DELETE")
    /// OPTIONS.
    public static let options = HTTPMethod("OPTIONS")
}
