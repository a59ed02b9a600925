import XCTest
import HomewardHTTP
import HomewardHTTPTesting
@testable import Homeward

/// Behind a trusted reverse proxy the per-address limits count the real client, and links follow
/// the scheme the client used.
final class ReverseProxyTests: XCTestCase {
    private func failLogins(_ client: HTTPTestClient, times: Int, from address: String) throws -> HTTPTestResponse {
        var last: HTTPTestResponse?
        for attempt in 0..<times {
            // A different phone each time: only the per-address limit can trip.
            let phone = "+4470099\(String(format: "%05d", attempt))"
            last = try client.send(.post, "/v1/sessions", token: nil, headers: [
                "Content-Type": "application/json", "X-Forwarded-For": "1.1.1.1, \(address)",
            ], body: JSONBody.encode(API.Credentials(phone: phone, password: "wrong-password")))
        }
        return try XCTUnwrap(last)
    }

    func testBehindATrustedProxyTheLoginLimitCountsTheForwardedClient() throws {
        let test = try TestApp { $0.http.trustedProxies = TrustedProxies(parsing: "127.0.0.1")! }
        let limit = RateLimitPolicy.loginFailuresPerClientAddress.maxFailures
        try test.withClient(.live) { client in
            XCTAssertEqual(try failLogins(client, times: limit, from: "203.0.113.9").status, .unauthorized)
            let limited = try failLogins(client, times: 1, from: "203.0.113.9")
            XCTAssertEqual(limited.status, .tooManyRequests)
            let retryAfter = try XCTUnwrap(limited.headers["Retry-After"].flatMap { Int($0) })
            XCTAssertGreaterThan(retryAfter, 0)
            XCTAssertTrue(limited.text.contains("Too many failed logins from this address; try again in 15 minutes."), limited.text)
            // Another client behind the same proxy is not locked out.
            XCTAssertEqual(try failLogins(client, times: 1, from: "203.0.113.10").status, .unauthorized)
        }
    }

    func testWithoutTrustedProxiesForwardedForIsIgnored() throws {
        let test = try TestApp()
        let limit = RateLimitPolicy.loginFailuresPerClientAddress.maxFailures
        try test.withClient(.live) { client in
            _ = try failLogins(client, times: limit, from: "203.0.113.9")
            XCTAssertEqual(try failLogins(client, times: 1, from: "203.0.113.10").status, .tooManyRequests)
        }
    }

    func testAShareLinkIsHttpsWhenTheTrustedProxySaysTheClientUsedTLS() throws {
        let test = try TestApp { $0.http.trustedProxies = TrustedProxies(parsing: "127.0.0.1")! }
        let anna = try test.makeAccount(name: "Anna")
        try test.withClient(.live) { client in
            let body = JSONBody.encode(API.ShareRequest(scope: "episodes", expiresInSeconds: 3600))
            let secure = try client.send(.post, "/v1/shares", token: anna.token, headers: [
                "Content-Type": "application/json", "Host": "homeward.example.org",
                "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https",
            ], body: body)
            XCTAssertEqual(secure.status, .created, secure.text)
            XCTAssertTrue(try secure.decode(API.NewShare.self).url.hasPrefix("https://homeward.example.org/v1/shared/"), secure.text)
            let plain = try client.send(.post, "/v1/shares", token: anna.token, headers: ["Content-Type": "application/json"], body: body)
            XCTAssertTrue(try plain.decode(API.NewShare.self).url.hasPrefix("/v1/shared/"), plain.text)
        }
    }

    func testTheRequestContextCarriesTheClientsSchemeForSecureCookies() throws {
        var router = Router()
        router.get("/origin") { context in .text("\(context.origin.address) \(context.origin.scheme) \(context.origin.isSecure)") }
        var configuration = HTTPServerConfiguration.testing
        configuration.trustedProxies = TrustedProxies(parsing: "127.0.0.0/8")!
        try HTTPTestClient.withServer(router, mode: .live, configuration: configuration) { client in
            let response = try client.execute(.get, "/origin", headers: ["X-Forwarded-For": "198.51.100.2", "X-Forwarded-Proto": "https"])
            XCTAssertEqual(response.text, "198.51.100.2 https true")
            XCTAssertEqual(try client.execute(.get, "/origin").text, "127.0.0.1 http false")
        }
    }
}
