/// An error from a lower layer that has a meaning for clients (a full disk is 503, not 500): the
/// responder answers with `httpError` and logs the original, instead of a bare 500.
public protocol HTTPErrorConvertible: Error {
    /// The response this error should become, or nil for a plain 500.
    var httpError: HTTPError? { get }
}
