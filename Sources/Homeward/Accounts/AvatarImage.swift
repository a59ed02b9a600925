import Foundation
import HomewardHTTP

/// A profile picture: JPEG or PNG bytes, their media type (from the magic bytes, never from the
/// request's header) and an ETag derived from the bytes.
public struct AvatarImage: Sendable, Equatable {
    /// The largest picture accepted, in bytes.
    public static let maxBytes = 512 * 1024

    /// The image bytes.
    public let bytes: [UInt8]
    /// `image/jpeg` or `image/png`.
    public let mediaType: String
    /// A strong ETag: the quoted hexadecimal SHA-256 of the bytes.
    public let etag: String

    /// Creates an image from stored columns.
    public init(bytes: [UInt8], mediaType: String, etag: String) {
        self.bytes = bytes
        self.mediaType = mediaType
        self.etag = etag
    }

    /// Checks an uploaded picture: 413 above `maxBytes`, 415 unless it starts like a JPEG or PNG.
    init(uploaded bytes: [UInt8]) throws(HTTPError) {
        guard bytes.count <= Self.maxBytes else {
            throw .payloadTooLarge("A profile picture may have at most \(Self.maxBytes / 1024) KiB.")
        }
        guard let mediaType = Self.mediaType(ofContent: bytes) else {
            throw .unsupportedMediaType("A profile picture must be a JPEG or PNG image.")
        }
        self.init(bytes: bytes, mediaType: mediaType, etag: "\"\(SecretDigest.hex(SecretDigest.sha256(bytes)))\"")
    }

    /// The media type announced by the first bytes of `bytes`, if it is a JPEG or a PNG.
    static func mediaType(ofContent bytes: [UInt8]) -> String? {
        if bytes.starts(with: jpegSignature) { return "image/jpeg" }
        if bytes.starts(with: pngSignature) { return "image/png" }
        return nil
    }

    private static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The answer to a GET: 304 when `ifNoneMatch` names this image's ETag, the image otherwise.
    func response(ifNoneMatch: String?) -> HTTPResponse {
        var headers: HTTPHeaders = ["ETag": etag, "Cache-Control": "private, no-cache"]
        if let ifNoneMatch, EntityTag.ifNoneMatch(ifNoneMatch, names: etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add(name: "Content-Type", value: mediaType)
        return HTTPResponse(headers: headers, bytes: bytes)
    }
}
