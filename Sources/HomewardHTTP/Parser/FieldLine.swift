/// One `field-name ":" OWS field-value OWS` line of a header or trailer section.
struct FieldLine {
    /// Byte range of the name.
    let name: Range<Int>
    /// Byte range of the value, without surrounding whitespace.
    let value: Range<Int>

    /// Parses the line `bytes[start..<end]` (without its CRLF), rejecting obs-fold, whitespace before
    /// the colon, non-token names and control characters (CR, LF, NUL, ...) in the value.
    static func parse(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Result<FieldLine, HTTPError> {
        guard start < end else { return .failure(.invalidRequest("A header line is empty.")) }
        if ByteClass.isWhitespace(bytes[start]) {
            return .failure(.invalidRequest("Header line folding (obs-fold) is not allowed."))
        }
        var colon = start
        while colon < end && bytes[colon] != UInt8(ascii: ":") {
            guard ByteClass.isToken(bytes[colon]) else {
                return .failure(.invalidRequest("A header name contains an invalid character."))
            }
            colon += 1
        }
        guard colon < end, colon > start else { return .failure(.invalidRequest("A header line has no name or colon.")) }
        var valueStart = colon + 1
        var valueEnd = end
        while valueStart < valueEnd && ByteClass.isWhitespace(bytes[valueStart]) { valueStart += 1 }
        while valueEnd > valueStart && ByteClass.isWhitespace(bytes[valueEnd - 1]) { valueEnd -= 1 }
        for index in valueStart..<valueEnd where !ByteClass.isFieldValue(bytes[index]) {
            return .failure(.invalidRequest("A header value contains a control character."))
        }
        return .success(FieldLine(name: start..<colon, value: valueStart..<valueEnd))
    }
}
