import XCTest
import HomewardHTTP
import HomewardHTTPTesting
@testable import Homeward

/// The web app's cookie session over a real socket: HttpOnly, SameSite=Strict, Secure behind
/// https; the CSRF token on every change; bearer tokens unchanged.
final class WebSessionTests: XCTestCase {
    private func logIn(_ client: HTTPTestClient, _ account: TestApp.Account, headers: HTTPHeaders = [:]) throws -> (cookie: String, csrf: String, setCookie: String) {
        var headers = headers
        headers.add(name: "Content-Type", value: "application/json")
        let response = try client.send(.post, "/v1/web/session", token: nil, headers: headers,
                                       body: JSONBody.encode(API.Credentials(phone: account.phone, password: account.password)))
        XCTAssertEqual(response.status, .created, response.text)
        let setCookie = try XCTUnwrap(response.headers["Set-Cookie"])
        let cookie = String(try XCTUnwrap(setCookie.split(separator: ";").first))
        XCTAssertNil(try response.json()["token"], "the session token stays in the cookie")
        return (cookie, try response.decode(API.WebSession.self).csrfToken, setCookie)
    }

    func testLoggingInSetsAnHttpOnlyStrictCookieThatAuthenticatesReads() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        try test.withClient { client in
            let session = try logIn(client, anna)
            XCTAssertTrue(session.setCookie.hasPrefix("homeward_session="))
            for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=\(test.app.configuration.sessionLifetimeSeconds)"] {
                XCTAssertTrue(session.setCookie.contains(attribute), session.setCookie)
            }
            XCTAssertFalse(session.setCookie.contains("Secure"), "plain http on loopback")
            let me = try client.send(.get, "/v1/me", token: nil, headers: ["Cookie": "other=1; \(session.cookie)"], body: [])
            XCTAssertEqual(me.status, .ok)
            XCTAssertEqual(try me.decode(API.Account.self).name, "Anna")
            let again = try client.send(.get, "/v1/web/session", token: nil, headers: ["Cookie": session.cookie], body: [])
            XCTAssertEqual(try again.decode(API.WebSession.self).csrfToken, session.csrf)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: nil, headers: ["Cookie": "homeward_session=forged"], body: []).status,
                           .unauthorized)
            XCTAssertEqual(try client.send(.get, "/v1/web/session").status, .unauthorized)
        }
    }

    func testTheCookieIsSecureWhenATrustedProxySaysTheBrowserCameOverHTTPS() throws {
        let test = try TestApp { $0.http.trustedProxies = TrustedProxies(parsing: "127.0.0.1")! }
        let anna = try test.makeAccount()
        try test.withClient(.live) { client in
            XCTAssertTrue(try logIn(client, anna, headers: ["X-Forwarded-Proto": "https"]).setCookie.hasSuffix("; Secure"))
            XCTAssertFalse(try logIn(client, anna, headers: ["X-Forwarded-Proto": "http"]).setCookie.contains("Secure"))
        }
        let untrusting = try TestApp()
        let ben = try untrusting.makeAccount()
        try untrusting.withClient(.live) { client in
            XCTAssertFalse(try logIn(client, ben, headers: ["X-Forwarded-Proto": "https"]).setCookie.contains("Secure"),
                           "a proxy that is not trusted is not believed")
        }
    }

    func testAChangeMadeWithTheCookieNeedsTheCSRFTokenAndChangesNothingWithout() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        try test.withClient { client in
            let session = try logIn(client, anna)
            let body = JSONBody.encode(API.AccountUpdate(name: "Mallory"))
            var headers: HTTPHeaders = ["Cookie": session.cookie, "Content-Type": "application/json"]
            let missing = try client.send(.patch, "/v1/me", token: nil, headers: headers, body: body)
            XCTAssertEqual(missing.status, .forbidden)
            XCTAssertEqual(missing.errorCode, "forbidden")
            headers.add(name: "X-CSRF-Token", value: String(session.csrf.reversed()))
            XCTAssertEqual(try client.send(.patch, "/v1/me", token: nil, headers: headers, body: body).status, .forbidden)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: anna.token).decode(API.Account.self).name, "Anna")

            headers.replaceOrAdd(name: "X-CSRF-Token", value: session.csrf)
            let changed = try client.send(.patch, "/v1/me", token: nil, headers: headers, body: body)
            XCTAssertEqual(changed.status, .ok, changed.text)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: anna.token).decode(API.Account.self).name, "Mallory")
        }
    }

    func testAChangeMadeWithTheCookieFromAnotherSiteIsRefusedEvenWithTheCSRFToken() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        try test.withClient { client in
            let session = try logIn(client, anna)
            let body = JSONBody.encode(API.AccountUpdate(name: "Mallory"))
            let base: HTTPHeaders = [
                "Cookie": session.cookie, "Content-Type": "application/json", "X-CSRF-Token": session.csrf, "Host": "homeward.example.org",
            ]
            let refused: [HTTPHeaders] = [
                ["Sec-Fetch-Site": "cross-site"],
                ["Sec-Fetch-Site": "cross-site", "Origin": "https://homeward.example.org"],
                ["Origin": "https://evil.example"],
                ["Origin": "null"],
            ]
            for extra in refused {
                var headers = base
                for (name, value) in extra { headers.replaceOrAdd(name: name, value: value) }
                let answer = try client.send(.patch, "/v1/me", token: nil, headers: headers, body: body)
                XCTAssertEqual(answer.status, .forbidden, "\(extra)")
            }
            XCTAssertEqual(try client.send(.get, "/v1/me", token: anna.token).decode(API.Account.self).name, "Anna")
            // Reads stay open to a cross-site navigation; the browser's own pages change things.
            var read = base
            read.replaceOrAdd(name: "Sec-Fetch-Site", value: "cross-site")
            XCTAssertEqual(try client.send(.get, "/v1/me", token: nil, headers: read, body: []).status, .ok)
            for extra in [["Sec-Fetch-Site": "same-origin"], ["Origin": "https://homeward.example.org"], [:]] as [[String: String]] {
                var headers = base
                for (name, value) in extra { headers.replaceOrAdd(name: name, value: value) }
                XCTAssertEqual(try client.send(.patch, "/v1/me", token: nil, headers: headers, body: body).status, .ok, "\(extra)")
            }
        }
    }

    func testBearerTokensNeedNoCSRFTokenAndTheEventStreamTakesTheCookie() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient(.live) { client in
            XCTAssertEqual(try client.send(.patch, "/v1/me", token: anna.token, body: API.AccountUpdate(name: "Anna B")).status, .ok)
            let session = try logIn(client, anna)
            let connection = try client.openConnection(timeoutSeconds: 3)
            try connection.send("GET /v1/events HTTP/1.1\r\nHost: localhost\r\nCookie: \(session.cookie)\r\n\r\n")
            let head = try connection.readResponse(omitBody: true)
            XCTAssertEqual(head.status, .ok)
            XCTAssertEqual(head.headers["Content-Type"], "text/event-stream; charset=utf-8")
        }
    }

    func testLoggingOutEndsTheSessionAndClearsTheCookie() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let session = try logIn(client, anna)
            let headers: HTTPHeaders = ["Cookie": session.cookie, "X-CSRF-Token": session.csrf]
            let out = try client.send(.delete, "/v1/web/session", token: nil, headers: headers, body: [])
            XCTAssertEqual(out.status, .noContent)
            XCTAssertTrue(out.headers["Set-Cookie"]?.hasPrefix("homeward_session=; Path=/; Max-Age=0") == true)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: nil, headers: ["Cookie": session.cookie], body: []).status, .unauthorized)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: anna.token).status, .ok, "other sessions live on")
        }
    }

    func testAWrongPasswordSetsNoCookie() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        try test.withClient { client in
            let response = try client.send(.post, "/v1/web/session", body: API.Credentials(phone: anna.phone, password: "Wrong-Horse-9"))
            XCTAssertEqual(response.status, .unauthorized)
            XCTAssertNil(response.headers["Set-Cookie"])
        }
    }

    func testTheSessionCookieIsFoundAmongOthers() {
        XCTAssertEqual(SessionCookie.token(in: ["Cookie": "a=1; homeward_session=abc; b=2"]), "abc")
        XCTAssertEqual(SessionCookie.token(in: HTTPHeaders([("Cookie", "a=1"), ("Cookie", "homeward_session=xyz")])), "xyz")
        XCTAssertNil(SessionCookie.token(in: ["Cookie": "homeward_session_old=abc; homeward_session="]))
        XCTAssertNil(SessionCookie.token(in: [:]))
        XCTAssertNotEqual(SessionCookie.csrfToken(forSessionToken: "a"), SessionCookie.csrfToken(forSessionToken: "b"))
        XCTAssertEqual(SessionCookie.csrfToken(forSessionToken: "a"), SessionCookie.csrfToken(forSessionToken: "a"))
    }
}
