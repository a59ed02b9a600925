import XCTest
import HomewardHTTP
import HomewardHTTPTesting
@testable import Homeward

/// The verification code as a QR code: only one's own current code is drawn, as SVG from
/// libqrencode. (The browser test reads a drawn code back with zbarimg.)
final class VerificationQRTests: XCTestCase {
    func testTheCurrentCodeIsDrawnAsSVGAndAnyOtherCodeIsNotFound() throws {
        let test = try TestApp()
        let walter = try test.makeAccount(name: "Walter")
        try test.withClient { client in
            let code = try client.send(.put, "/v1/me/verification-code", token: walter.token, body: API.CodeSetting()).string("code", expecting: .ok)
            let qr = try client.send(.get, "/v1/me/verification-code/qr?code=\(code)", token: walter.token)
            XCTAssertEqual(qr.status, .ok)
            XCTAssertEqual(qr.headers["Content-Type"], "image/svg+xml")
            XCTAssertEqual(qr.headers["Cache-Control"], "private, no-store")
            XCTAssertTrue(qr.text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), qr.text)
            XCTAssertTrue(qr.text.contains("<path d=\"M4 4h7"), "the finder pattern's top edge: \(qr.text.prefix(300))")

            let wrong = code == "000000" ? "111111" : "000000"
            XCTAssertEqual(try client.send(.get, "/v1/me/verification-code/qr?code=\(wrong)", token: walter.token).status, .notFound)
            XCTAssertEqual(try client.send(.get, "/v1/me/verification-code/qr", token: walter.token).status, .badRequest)
            XCTAssertEqual(try client.send(.get, "/v1/me/verification-code/qr?code=\(code)").status, .unauthorized)
            let anna = try test.makeAccount(name: "Anna")
            XCTAssertEqual(try client.send(.get, "/v1/me/verification-code/qr?code=\(code)", token: anna.token).status, .notFound,
                           "another person's code is not drawn for you")
            XCTAssertEqual(try client.send(.delete, "/v1/me/verification-code", token: walter.token).status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/me/verification-code/qr?code=\(code)", token: walter.token).status, .notFound)
        }
    }

    func testTheSymbolHasFinderPatternsInThreeCornersAndAQuietZone() throws {
        let image = try XCTUnwrap(QRCodeImage(encoding: "http://127.0.0.1:8080/#link/%2B4915112345671/123456"))
        XCTAssertEqual((image.width - 17) % 4, 0, "a QR code's side is 17 + 4 × version modules")
        let n = image.width
        func hasFinder(_ row: Int, _ column: Int) -> Bool {
            let dark = { (r: Int, c: Int) in image.dark[(row + r) * n + column + c] }
            let ring = (0..<7).allSatisfy { dark(0, $0) && dark(6, $0) && dark($0, 0) && dark($0, 6) }
            let gap = (1..<6).allSatisfy { !dark(1, $0) && !dark(5, $0) && !dark($0, 1) && !dark($0, 5) }
            let centre = (2..<5).allSatisfy { r in (2..<5).allSatisfy { dark(r, $0) } }
            return ring && gap && centre
        }
        XCTAssertTrue(hasFinder(0, 0))
        XCTAssertTrue(hasFinder(0, n - 7))
        XCTAssertTrue(hasFinder(n - 7, 0))
        XCTAssertFalse(hasFinder(n - 7, n - 7), "no finder in the bottom-right corner")
        let side = n + 2 * QRCodeImage.quietZoneModules
        XCTAssertTrue(image.svg.contains("viewBox=\"0 0 \(side) \(side)\""))
        XCTAssertNil(QRCodeImage(encoding: String(repeating: "x", count: QRCodeImage.maxTextBytes + 1)))
    }
}
