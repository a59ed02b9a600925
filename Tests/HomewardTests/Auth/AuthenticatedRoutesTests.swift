import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import Synchronization
import XCTest
@testable import Homeward

/// A route of a signed-in group never runs its handler for a caller who did not authenticate.
final class AuthenticatedRoutesTests: XCTestCase {
    func testTheGroupAuthenticatesBeforeTheHandlerAndHandsItTheCaller() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        let calls = Mutex<[String]>([])
        var router = Router()
        let signedIn = AuthenticatedRoutes.session(test.app.authenticator)
        signedIn.post("/probe", on: &router) { _, caller in
            calls.withLock { $0.append(caller.accountID) }
            return .text("ran")
        }
        try HTTPTestClient.withServer(router, mode: .inProcess) { client in
            XCTAssertEqual(try client.execute(.post, "/probe").status.code, 401)
            XCTAssertEqual(try client.execute(.post, "/probe", headers: ["Authorization": "Bearer not-a-token"]).status.code, 401)
            XCTAssertEqual(try client.execute(.post, "/probe", headers: anna.auth).text, "ran")
        }
        XCTAssertEqual(calls.withLock { $0 }, [anna.id], "the handler ran once, for the authenticated caller only")
    }

    func testARouteRunsInlineOnlyForARememberedSessionAndItsHandlerGetsThatCaller() throws {
        let test = try TestApp()
        let anna = try test.makeAccount(name: "Anna")
        let calls = Mutex<[(caller: String, admitted: Bool)]>([])
        var router = Router()
        let signedIn = AuthenticatedRoutes.session(test.app.authenticator)
        signedIn.post("/probe", inlineWhen: { request in request.body.isEmpty }, on: &router) { context, caller in
            calls.withLock { $0.append((caller.accountID, context.admission is Caller)) }
            return .text("ran")
        }
        try HTTPTestClient.withServer(router, mode: .live) { client in
            XCTAssertEqual(try client.execute(.post, "/probe", headers: anna.auth).text, "ran")
            XCTAssertEqual(try client.execute(.post, "/probe", headers: anna.auth).text, "ran")
            XCTAssertEqual(try client.execute(.post, "/probe", headers: anna.auth, body: Array("x".utf8)).text, "ran")
            XCTAssertEqual(try client.execute(.post, "/probe").status.code, 401)
            XCTAssertEqual(try client.execute(.post, "/probe", headers: ["Authorization": "Bearer not-a-token"]).status.code, 401)
        }
        let recorded = calls.withLock { $0 }
        XCTAssertEqual(recorded.map(\.caller), [anna.id, anna.id, anna.id])
        XCTAssertEqual(
            recorded.map(\.admitted), [false, true, false],
            "first read from the database on a worker, then admitted on the event loop, but not when the predicate refuses")
    }
}
