/// One request for `OutgoingHTTPClient`: a method, a URL, header lines and a body.
public struct OutgoingRequest: Sendable {
    /// `POST` unless set.
    public var method: String
    /// Where it goes.
    public var url: OutgoingURL
    /// Header fields, as `(name, value)`.
    public var headers: [OutgoingHeader]
    /// The body; sent with `Content-Length`, even when empty for a POST.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String = "POST", url: OutgoingURL, headers: [OutgoingHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A header field of an outgoing request.
public struct OutgoingHeader: Sendable, Equatable {
    /// The field name.
    public var name: String
    /// The value; line breaks are removed before sending.
    public var value: String

    /// Creates a header field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
