import HomewardHTTP
import XCTest

/// What an error says to people, and what it keeps for developers.
final class HTTPErrorTests: XCTestCase {
    func testALimitSaysWhenToTryAgainInWordsAPersonUses() {
        XCTAssertEqual(HTTPError.waitingTime(seconds: 0), "1 second")
        XCTAssertEqual(HTTPError.waitingTime(seconds: 30), "30 seconds")
        XCTAssertEqual(HTTPError.waitingTime(seconds: 60), "1 minute")
        XCTAssertEqual(HTTPError.waitingTime(seconds: 841), "15 minutes")
        XCTAssertEqual(HTTPError.waitingTime(seconds: 900), "15 minutes")
        XCTAssertEqual(HTTPError.waitingTime(seconds: 3_601), "2 hours")
        let limited = HTTPError.rateLimited(retryAfterSeconds: 900, reason: "Too many failed logins")
        XCTAssertEqual(limited.message, "Too many failed logins; try again in 15 minutes.")
        XCTAssertEqual(limited.headers["Retry-After"], "900", "clients still get the seconds")
    }

    func testAHintForDevelopersTravelsBesideTheMessage() {
        let error = HTTPError.conflict("This server cannot send email yet.").hinting("--smtp-url")
        XCTAssertEqual(
            String(decoding: error.response.bodyBytes ?? [], as: UTF8.self),
            #"{"error":{"code":"conflict","message":"This server cannot send email yet.","hint":"--smtp-url"}}"#)
    }
}
