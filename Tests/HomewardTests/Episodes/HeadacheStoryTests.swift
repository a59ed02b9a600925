import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// Headache Tracker's sign-up over a real socket: age (or birth year), height and weight are kept.
final class HeadacheStoryTests: XCTestCase {
    func testTheSignUpsAgeHeightAndWeightAreKept() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let year = Calendar(identifier: .gregorian).dateComponents(
            in: TimeZone(identifier: "UTC")!, from: Date(timeIntervalSince1970: Double(test.clock.now().unixMilliseconds) / 1000)).year!
        try test.withClient { client in
            let signUp = try client.execute(.patch, "/v1/me", headers: anna.auth, body: JSONBody.encode(API.AccountUpdate(profile: API.ProfileUpdate(age: 34, heightCm: 172, weightKg: 64.5))))
            XCTAssertEqual(signUp.status, .ok, signUp.text)
            let me = try client.execute(.get, "/v1/me", headers: anna.auth).decode(API.Account.self)
            XCTAssertEqual(me.profile.birthYear, year - 34)
            XCTAssertEqual(me.profile.heightCm, 172)
            XCTAssertEqual(me.profile.weightKg, 64.5)
            let both = try client.execute(.patch, "/v1/me", headers: anna.auth, body: JSONBody.encode(API.AccountUpdate(profile: API.ProfileUpdate(age: 34, birthYear: 1990))))
            XCTAssertEqual(both.status, .badRequest)
            XCTAssertEqual(both.errorField, "profile.age")
            let old = try client.execute(.patch, "/v1/me", headers: anna.auth, body: JSONBody.encode(API.AccountUpdate(profile: API.ProfileUpdate(age: 121))))
            XCTAssertEqual(old.errorField, "profile.age")
        }
    }
}
