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

    private static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces().lowercased() } ?? ""
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }
}
