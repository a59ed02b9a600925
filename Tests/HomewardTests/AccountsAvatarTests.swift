import XCTest
import HomewardHTTP
import HomewardHTTPTesting
@testable import Homeward

/// Profile pictures: type by magic bytes, size limit, ETag and 304, visibility.
final class AccountsAvatarTests: XCTestCase {
    private let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 2, 3]
    private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

    func testMediaTypeComesFromTheMagicBytes() {
        XCTAssertEqual(AvatarImage.mediaType(ofContent: jpeg), "image/jpeg")
        XCTAssertEqual(AvatarImage.mediaType(ofContent: png), "image/png")
        XCTAssertNil(AvatarImage.mediaType(ofContent: Array("GIF89a".utf8)))
        XCTAssertNil(AvatarImage.mediaType(ofContent: []))
    }

    func testAPictureIsServedWithItsTypeAndETagAnd304WhenUnchanged() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let put = try client.send(.put, "/v1/me/avatar", token: anna.token, headers: ["Content-Type": "image/jpeg"], body: png)
            XCTAssertEqual(put.status, .noContent)
            let get = try client.send(.get, "/v1/accounts/\(anna.id)/avatar", token: anna.token)
            XCTAssertEqual(get.status, .ok)
            XCTAssertEqual(get.headers["Content-Type"], "image/png")
            XCTAssertEqual(get.body, png)
            let etag = try XCTUnwrap(get.headers["ETag"])
            let again = try client.send(.get, "/v1/accounts/\(anna.id)/avatar", token: anna.token,
                headers: ["If-None-Match": etag], body: [])
            XCTAssertEqual(again.status, .notModified)
            XCTAssertTrue(again.body.isEmpty)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: anna.token).decode(API.Account.self).hasAvatar, true)

            XCTAssertEqual(try client.send(.put, "/v1/me/avatar", token: anna.token, headers: ["Content-Type": "image/jpeg"], body: jpeg).status,
                           .noContent)
            let changed = try client.send(.get, "/v1/accounts/\(anna.id)/avatar", token: anna.token,
                headers: ["If-None-Match": etag], body: [])
            XCTAssertEqual(changed.status, .ok)
            XCTAssertEqual(changed.headers["Content-Type"], "image/jpeg")
        }
    }

    func testUploadsThatAreNotJPEGOrPNGOrTooLargeAreRefused() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let gif = try client.send(.put, "/v1/me/avatar", token: anna.token, headers: ["Content-Type": "image/png"],
                                         body: Array("GIF89a....".utf8))
            XCTAssertEqual(gif.status, .unsupportedMediaType)
            let large = png + [UInt8](repeating: 0, count: AvatarImage.maxBytes)
            let tooLarge = try client.send(.put, "/v1/me/avatar", token: anna.token, headers: ["Content-Type": "image/png"], body: large)
            XCTAssertEqual(tooLarge.status, .payloadTooLarge)
            XCTAssertEqual(try client.send(.get, "/v1/accounts/\(anna.id)/avatar", token: anna.token).status, .notFound)
        }
    }

    func testGuardiansSeeThePictureAndRemovingItAnswers404() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let ben = try test.makeAccount()
        try test.link(guardian: ben, dependent: anna)
        try test.withClient { client in
            XCTAssertEqual(try client.send(.put, "/v1/me/avatar", token: anna.token, headers: ["Content-Type": "image/png"], body: png).status,
                           .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/accounts/\(anna.id)/avatar", token: ben.token).status, .ok)
            XCTAssertEqual(try client.send(.get, "/v1/accounts/\(ben.id)/avatar", token: anna.token).status, .notFound)
            XCTAssertEqual(try client.send(.delete, "/v1/me/avatar", token: anna.token).status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/accounts/\(anna.id)/avatar", token: ben.token).status, .notFound)
        }
    }
}
