/// Why an encoded polyline could not be decoded.
public enum EncodedPolylineError: Error, Sendable, Equatable {
    /// A character outside the format's alphabet (`?` to `~`) at this offset.
    case invalidCharacter(offset: Int)
    /// The string ends in the middle of a value.
    case truncated
    /// A value decodes to a latitude beyond ±90° or a longitude beyond ±180°.
    case outOfRange
}
