extension RequestContext {
    /// Decodes the JSON body as `type`: 415 unless the Content-Type is JSON, 400 for an empty or
    /// malformed body, and 400 with `field` (e.g. `samples[3].lat`) for a wrong type or missing key.
    public func decode<T: Decodable>(_ type: T.Type) throws(HTTPError) -> T {
        try requireJSONContentType()
        return try JSONCoding.decode(type, from: request.body)
    }

    /// 415 unless the Content-Type is JSON: the first check of `decode`, for handlers that read the
    /// body themselves.
    public func requireJSONContentType() throws(HTTPError) {
        guard let contentType = request.headers["Content-Type"], Self.isJSON(contentType) else {
            throw .unsupportedMediaType("The body must be application/json.")
        }
    }

    /// `application/json` or `application/*+json`, parameters ignored, case-insensitive; compared
    /// as bytes, since every JSON request asks.
    static func isJSON(_ contentType: String) -> Bool {
        let beforeParameters = contentType.utf8.split(separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)
        guard var mediaType = beforeParameters.first else { return false }
        while let first = mediaType.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { mediaType = mediaType.dropFirst() }
        while let last = mediaType.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { mediaType = mediaType.dropLast() }
        let type = "application/".utf8
        let suffix = "+json".utf8
        guard mediaType.count >= type.count + 4, asciiCaseInsensitiveEqual(mediaType.prefix(type.count), type) else { return false }
        let subtype = mediaType.dropFirst(type.count)
        return asciiCaseInsensitiveEqual(subtype, "json".utf8)
            || (subtype.count > suffix.count && asciiCaseInsensitiveEqual(subtype.suffix(suffix.count), suffix))
    }

    private static func asciiCaseInsensitiveEqual(_ bytes: some Collection<UInt8>, _ lowercase: String.UTF8View) -> Bool {
        bytes.count == lowercase.count && zip(bytes, lowercase).allSatisfy { byte, expected in
            byte == expected || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") && byte | 0x20 == expected)
        }
    }
}
