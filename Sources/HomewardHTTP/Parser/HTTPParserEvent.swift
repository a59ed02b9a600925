/// What the parser found in the bytes it was given.
public enum HTTPParserEvent: Sendable {
    /// The head asked for `Expect: 100-continue` and its body has not begun: send 100 Continue.
    case continueExpected
    /// A complete request; the parser is ready for the next one.
    case request(HTTPRequest)
    /// The request is malformed or over a limit: answer with this error and close.
    case failure(HTTPError)
}
