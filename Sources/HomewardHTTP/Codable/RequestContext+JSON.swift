extension RequestContext {
    /// Decodes the JSON body as `type`: 415 unless the Content-Type is JSON, 400 for an empty body or
    /// one that is not strict RFC 8259 JSON, and 400 with `field` (e.g. `samples[3].lat`) for a wrong
    /// type, a missing key, a number that does not fit its field, or a field `type` does not know.
    public func decode<T: Decodable>(_ type: T.Type) throws(HTTPError) -> T {
        try requireJSONContentType()
        return try JSONCoding.decode(type, from: request.body)
    }

    /// Decodes the JSON body as `type` like `decode`, but ignoring fields `type` does not know and
    /// reading JSON as Foundation does: for sample batches, whose phones add fields of their own.
    public func decodeLeniently<T: Decodable>(_ type: T.Type) throws(HTTPError) -> T {
        try requireJSONContentType()
        return try JSONCoding.decodeLeniently(type, from: request.body)
    }

    /// 415 unless the Content-Type is JSON: the first check of `decode`, for handlers that read the
    /// body themselves.
    public func requireJSONContentType() throws(HTTPError) {
        guard let contentType = request.headers["Content-Type"], Self.isJSON(contentType) else {
            throw .unsupportedMediaType("The body must be application/json.")
        }
    }

    /// `application/json` or `application/*+json`, parameters ignored, case-insensitive; compared
    /// as bytes with the parser's helpers, since every JSON request asks.
    static func isJSON(_ contentType: String) -> Bool {
        var contentType = contentType
        return contentType.withUTF8 { utf8 in
            var mediaType = UnsafeRawBufferPointer(utf8)
            if let semicolon = mediaType.firstIndex(of: UInt8(ascii: ";")) {
                mediaType = UnsafeRawBufferPointer(rebasing: mediaType[..<semicolon])
            }
            while let first = mediaType.first, ByteClass.isWhitespace(first) {
                mediaType = UnsafeRawBufferPointer(rebasing: mediaType.dropFirst())
            }
            while let last = mediaType.last, ByteClass.isWhitespace(last) {
                mediaType = UnsafeRawBufferPointer(rebasing: mediaType.dropLast())
            }
            if ByteClass.equalsIgnoringCase(mediaType, "application/json") { return true }
            let suffix = UnsafeRawBufferPointer(rebasing: mediaType.suffix(5))
            return mediaType.count > "application/+json".utf8.count && ByteClass.equalsPrefix(mediaType, "application/")
                && ByteClass.equalsIgnoringCase(suffix, "+json")
        }
    }
}
