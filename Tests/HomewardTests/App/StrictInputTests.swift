import XCTest
import HomewardHTTP
import HomewardHTTPTesting
@testable import Homeward

/// Our own API reads bodies strictly (RFC 8259, numbers that fit, no unknown fields) through the one
/// decoder every request type goes through; the phones' sample batches stay lenient.
final class StrictInputTests: XCTestCase {
    private struct Envelope: Decodable {
        struct Body: Decodable {
            let code: String
            let message: String
            let field: String?
        }
        let error: Body
    }

    private func refusal(_ response: HTTPTestResponse, file: StaticString = #filePath, line: UInt = #line) throws -> Envelope.Body {
        XCTAssertEqual(response.status, .badRequest, response.text, file: file, line: line)
        return try response.decode(Envelope.self).error
    }

    func testAnUnknownFieldOfTheVerificationCodeIsRefusedAndChangesNothing() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        try test.withClient(.live) { client in
            let refused = try refusal(client.send(.put, "/v1/me/verification-code", token: anna.token, json: #"{"ttl":600}"#))
            XCTAssertEqual(refused.code, "invalid_request")
            XCTAssertEqual(refused.field, "ttl")
            XCTAssertEqual(refused.message, "`ttl` is not a field of this request.")
            let codes = try test.app.database.read { db in
                try db.fetchOne("SELECT count(*) FROM verification_codes", map: { try $0.value(at: 0) as Int64 })
            }
            XCTAssertEqual(codes, 0)
            XCTAssertEqual(try client.send(.put, "/v1/me/verification-code", token: anna.token, json: #"{"ttlSeconds":600}"#).status, .ok)
        }
    }

    func testMalformedJSONAndNumbersThatDoNotFitNameWhatIsWrong() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        try test.withClient(.live) { client in
            let trailing = try refusal(client.send(.put, "/v1/me/verification-code", token: anna.token, json: #"{"ttlSeconds":600,}"#))
            XCTAssertEqual(trailing.message, "The body is not valid JSON: a trailing comma at byte 18.")
            XCTAssertNil(trailing.field)
            for (body, message) in [
                (#"{"ttlSeconds":600.5}"#, "`ttlSeconds` must be a whole number."),
                (#"{"ttlSeconds":99999999999999999999}"#, "`ttlSeconds` is out of range: it must be from \(Int.min) to \(Int.max)."),
                (#"{"ttlSeconds":1e309}"#, "`ttlSeconds` is out of range: it must be from \(Int.min) to \(Int.max)."),
            ] {
                let refused = try refusal(client.send(.put, "/v1/me/verification-code", token: anna.token, json: body))
                XCTAssertEqual(refused.field, "ttlSeconds", body)
                XCTAssertEqual(refused.message, message, body)
            }
            let sos = try refusal(client.send(.post, "/v1/alerts", token: anna.token,
                                              json: #"{"type":"sos","location":{"lat":1e309,"lon":0}}"#))
            XCTAssertEqual(sos.field, "location.lat")
            XCTAssertEqual(sos.message, "`location.lat` is out of range: 1e309 is too large a number.")
        }
    }

    func testNestedUnknownFieldsAreNamedByPathAndPatchStillClearsWithNull() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        try test.withClient(.live) { client in
            let refused = try refusal(client.send(.patch, "/v1/me", token: anna.token, json: #"{"profile":{"birthYear":1941,"colour":"red"}}"#))
            XCTAssertEqual(refused.field, "profile.colour")
            let set = try client.send(.patch, "/v1/me", token: anna.token, json: #"{"profile":{"birthYear":1941,"responderNote":"insulin"}}"#)
            XCTAssertEqual(set.status, .ok, set.text)
            XCTAssertTrue(set.text.contains(#""birthYear":1941"#))
            let cleared = try client.send(.patch, "/v1/me", token: anna.token, json: #"{"profile":{"birthYear":null}}"#)
            XCTAssertEqual(cleared.status, .ok, cleared.text)
            XCTAssertFalse(cleared.text.contains("birthYear"))
            XCTAssertTrue(cleared.text.contains(#""responderNote":"insulin""#))
            let trip = try refusal(client.send(.post, "/v1/trips", token: anna.token, json: """
                {"origin":{"lat":51.48,"lon":0},"destination":{"lat":51.49,"lon":0,"elevation":3},"mode":"walking"}
                """))
            XCTAssertEqual(trip.field, "destination.elevation")
        }
    }

    func testSampleBatchesFromPhonesStayLenientAboutFieldsOfTheirOwn() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        let t = test.clock.now().unixMilliseconds / 1000
        try test.withClient(.live) { client in
            let response = try client.send(.post, "/v1/locations", token: anna.token, json: """
                {"samples":[{"t":\(t),"lat":51.5,"lon":-0.12,"accuracy":8,"vendorExtra":{"x":1}}],"appVersion":"2.1"}
                """)
            XCTAssertEqual(response.status, .ok, response.text)
            XCTAssertTrue(response.text.contains(#""accepted":1"#))
        }
    }
}
