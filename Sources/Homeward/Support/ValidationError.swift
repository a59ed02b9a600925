/// Input that breaks a rule of the API, with a message that tells the caller what to change.
///
/// The HTTP layer renders it as `invalid_request` (400), adding the JSON path of the field at fault.
public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A sentence for the person who sent the input, e.g. "phone must start with + and the country code".
    public let message: String

    /// Creates an error with a message for the caller.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
