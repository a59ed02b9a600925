import XCTest
import Homeward

final class Base64URLTests: XCTestCase {
    private let vectors: [([UInt8], String)] = [
        ([], ""), (Array("f".utf8), "Zg"), (Array("fo".utf8), "Zm8"), (Array("foo".utf8), "Zm9v"),
        (Array("foobar".utf8), "Zm9vYmFy"), ([0xfb, 0xff, 0xfe], "-__-"),
    ]

    func testEncodingMatchesRFC4648Vectors() {
        for (bytes, text) in vectors {
            XCTAssertEqual(Base64URL.encode(bytes), text)
        }
    }

    func testDecodingReversesTheVectors() {
        for (bytes, text) in vectors {
            XCTAssertEqual(Base64URL.decode(text), bytes, text)
        }
    }

    func testDecodingRefusesPaddingOtherAlphabetsWhitespaceAndStrayBits() {
        for text in ["Zg==", "+//+", "Zm9v YmFy", "Zm9v\n", "Z", "Zh", "Zm9", "Zm8-!"] {
            XCTAssertNil(Base64URL.decode(text), text)
        }
    }
}
