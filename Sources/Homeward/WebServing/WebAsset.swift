import Foundation
import HomewardHTTP

/// One file of the web app as served: its bytes, a gzip copy made once at start-up, a strong ETag and
/// the headers that say how long a browser may keep it.
struct WebAsset: Sendable {
    /// Files smaller than this are sent as they are: gzip's header and the extra header field cost
    /// more than they save.
    static let minimumCompressedBytes = 256

    /// The media type, from the file's extension.
    let contentType: String
    /// The file's bytes.
    let bytes: [UInt8]
    /// The gzip-encoded bytes, when gzip makes the file smaller.
    let gzipped: [UInt8]?
    /// The quoted hexadecimal SHA-256 of `bytes`.
    let etag: String
    /// Header fields every answer carries (caching, and the security policy for pages).
    let headers: HTTPHeaders

    /// Prepares `bytes` named `path` for serving with `headers`.
    init(path: String, bytes: [UInt8], headers: HTTPHeaders) {
        contentType = Self.contentType(ofPath: path)
        self.bytes = bytes
        etag = "\"\(SecretDigest.hex(Array(SecretDigest.sha256(bytes).prefix(16))))\""
        if bytes.count >= Self.minimumCompressedBytes && !contentType.hasPrefix("image/png") {
            let compressed = Gzip.compress(bytes)
            gzipped = compressed.count < bytes.count ? compressed : nil
        } else {
            gzipped = nil
        }
        self.headers = headers
    }

    /// The answer to a GET: 304 when `If-None-Match` names the ETag, the gzip copy when the client
    /// accepts it, the bytes otherwise.
    func response(to request: HTTPRequest) -> HTTPResponse {
        var headers = self.headers
        headers.add(name: "ETag", value: etag)
        headers.add(name: "Vary", value: "Accept-Encoding")
        if let ifNoneMatch = request.headers["If-None-Match"], EntityTag.ifNoneMatch(ifNoneMatch, names: etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add(name: "Content-Type", value: contentType)
        if let gzipped, AcceptEncoding.acceptsGzip(request.headers["Accept-Encoding"]) {
            headers.add(name: "Content-Encoding", value: "gzip")
            return HTTPResponse(headers: headers, bytes: gzipped)
        }
        return HTTPResponse(headers: headers, bytes: bytes)
    }

    /// The media type of a file, by its extension.
    static func contentType(ofPath path: String) -> String {
        switch path.split(separator: ".").last ?? "" {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "json": "application/json; charset=utf-8"
        case "webmanifest": "application/manifest+json"
        case "mp3": "audio/mpeg"
        case "wav": "audio/wav"
        default: "application/octet-stream"
        }
    }
}
