/// What the parser found in the bytes it was given.
public enum HTTPParserEvent: Sendable {
    /// The head asked for `Expect: 100-continue` and its body has not begun: send 100 Continue.
    case continueExpected
    /// A complete request; the parser is ready for the next one. For a request whose body is
    /// streamed, only its head: the body follows as `bodyPart`s.
    case request(HTTPRequest)
    /// Bytes of a streamed body, in order; the last part (possibly empty) says so, and the parser is
    /// then ready for the next request.
    case bodyPart([UInt8], isLast: Bool)
    /// The request is malformed or over a limit: answer with this error and close.
    case failure(HTTPError)
}
