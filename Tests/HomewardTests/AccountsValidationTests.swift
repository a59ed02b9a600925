import Foundation
import XCTest
import HomewardHTTP
import Logging
@testable import Homeward

/// In-process checks of the account rules: names, profile ranges, PATCH semantics, the login
/// limit's key, and the ETag matching of pictures.
final class AccountsValidationTests: XCTestCase {
    func testNamesAreTrimmedAndBounded() throws {
        XCTAssertEqual(try AccountService.validatedName("  Anna Kowalska \n"), "Anna Kowalska")
        XCTAssertEqual(try AccountService.validatedName(String(repeating: "é", count: 100)).count, 100)
        for bad in ["", "   ", String(repeating: "a", count: 101), "Anna\u{0007}"] {
            XCTAssertThrowsError(try AccountService.validatedName(bad)) { error in
                XCTAssertEqual((error as? HTTPError)?.field, "name")
            }
        }
    }

    func testProfileLimitsAreInclusiveAndEmptyTextMeansUnset() throws {
        let edge = Profile(birthYear: 1900, heightCm: 300, weightKg: 1, vehicleRegistration: "  ", responderNote: " note ")
        let validated = try edge.validated(currentYear: 2026)
        XCTAssertNil(validated.vehicleRegistration)
        XCTAssertEqual(validated.responderNote, "note")
        XCTAssertNoThrow(try Profile(birthYear: 2026).validated(currentYear: 2026))
        XCTAssertThrowsError(try Profile(birthYear: 2027).validated(currentYear: 2026))
        XCTAssertThrowsError(try Profile(weightKg: 0.5).validated(currentYear: 2026))
        XCTAssertThrowsError(try Profile(vehicleRegistration: String(repeating: "X", count: 21)).validated(currentYear: 2026)) { error in
            XCTAssertEqual((error as? HTTPError)?.field, "profile.vehicleRegistration")
        }
    }

    func testAbsentFieldsAreKeptNullClearsAndValuesReplace() throws {
        let current = Profile(birthYear: 1941, heightCm: 162, weightKg: 58, vehicleRegistration: "AB12", responderNote: "n")
        let update = try JSONDecoder().decode(
            ProfileUpdate.self, from: Data(#"{"heightCm":165,"vehicleRegistration":null}"#.utf8))
        XCTAssertEqual(
            update.applied(to: current),
            Profile(birthYear: 1941, heightCm: 165, weightKg: 58, vehicleRegistration: nil, responderNote: "n"))
        let empty = try JSONDecoder().decode(ProfileUpdate.self, from: Data("{}".utf8))
        XCTAssertEqual(empty.applied(to: current), current)
    }

    func testAProfileShowsOnlyTheFieldsThatAreSet() throws {
        let json = String(decoding: try JSONBytes.encode(Profile(heightCm: 170)), as: UTF8.self)
        XCTAssertEqual(json, #"{"heightCm":170}"#)
    }

    func testIfNoneMatchAcceptsListsWeakTagsAndTheWildcard() throws {
        let image = try AvatarImage(uploaded: [0xFF, 0xD8, 0xFF, 0xDB, 1])
        XCTAssertEqual(image.mediaType, "image/jpeg")
        XCTAssertEqual(image.etag.count, 66)
        for header in [image.etag, "\"other\", \(image.etag)", "W/\(image.etag)", "*"] {
            XCTAssertEqual(image.response(ifNoneMatch: header).status, .notModified, header)
        }
        XCTAssertEqual(image.response(ifNoneMatch: "\"other\"").status, .ok)
        XCTAssertEqual(image.response(ifNoneMatch: nil).headers["Cache-Control"], "private, no-cache")
    }

    func testTheClientHostDropsThePort() throws {
        let context = RequestContext(
            request: HTTPRequest(method: .get, target: "/"), parameters: [:], query: try QueryParameters(parsing: ""),
            routeTemplate: "/", requestID: "r", remoteAddress: "203.0.113.7:53422",
            logger: .init(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        XCTAssertEqual(context.origin.address, "203.0.113.7")
    }

    func testAConfiguredPolicyKeepsItsNameSoCountsAreShared() {
        let configured = RateLimitPolicy.loginFailuresPerClientAddressAndPhone.with(maxFailures: 3, windowSeconds: 60)
        XCTAssertEqual(configured.name, RateLimitPolicy.loginFailuresPerClientAddressAndPhone.name)
        XCTAssertEqual(configured.maxFailures, 3)
        XCTAssertEqual(configured.windowSeconds, 60)
    }

    func testTheConfiguredFailureLimitApplies() throws {
        let test = try TestApp { $0.maxFailedAttempts = 2 }
        let anna = try test.makeAccount()
        try test.withClient(.inProcess) { client in
            let wrong = #"{"phone":"\#(anna.phone)","password":"Wrong-Horse-9"}"#
            XCTAssertEqual(try client.send(.post, "/v1/sessions", json: wrong).status, .unauthorized)
            XCTAssertEqual(try client.send(.post, "/v1/sessions", json: wrong).status, .unauthorized)
            XCTAssertEqual(try client.send(.post, "/v1/sessions", json: wrong).status, .tooManyRequests)
        }
    }
}
