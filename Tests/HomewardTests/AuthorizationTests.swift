import XCTest
import HomewardHTTP
import HomewardHTTPTesting
@testable import Homeward

/// Every endpoint that names another account or resource, tried by a stranger, an ex-guardian
/// after unlinking, a revoked token, an expired token and no token: 404 for the first two (as if
/// absent), 401 for the others.
final class AuthorizationTests: XCTestCase {
    private struct Scene {
        let test: TestApp
        let anna: TestApp.Account
        let guardian: TestApp.Account
        let stranger: TestApp.Account
        let exGuardian: TestApp.Account
        let revoked: TestApp.Account
        let expired: TestApp.Account
        let annaSession: String
        let linkID: String
    }

    /// Anna has a picture, a second session and a guardian; the ex-guardian was linked and unlinked.
    private func makeScene() throws -> Scene {
        let test = try TestApp { $0.sessionLifetimeSeconds = 3600 }
        let anna = try test.makeAccount(name: "Anna")
        let guardian = try test.makeAccount(name: "Guardian")
        let stranger = try test.makeAccount(name: "Stranger")
        let exGuardian = try test.makeAccount(name: "Ex")
        let revoked = try test.makeAccount(name: "Revoked")
        try test.link(guardian: guardian, dependent: anna)
        try test.link(guardian: exGuardian, dependent: anna)
        return try test.withClient { client in
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7]
            _ = try client.send(.put, "/v1/me/avatar", token: anna.token, headers: [:], body: png)
            let links = try client.send(.get, "/v1/links", token: anna.token).decode(API.LinkList.self).guardians
            let exLink = try XCTUnwrap(links.first { $0.guardian.id == exGuardian.id }?.id)
            let guardianLink = try XCTUnwrap(links.first { $0.guardian.id == guardian.id }?.id)
            XCTAssertEqual(try client.send(.delete, "/v1/links/\(exLink)", token: exGuardian.token).status, .noContent)
            XCTAssertEqual(try client.send(.delete, "/v1/sessions/current", token: revoked.token).status, .noContent)
            let sessions = try client.send(.get, "/v1/me/sessions", token: anna.token).decode(API.SessionList.self).sessions
            let annaSession = try XCTUnwrap(sessions.first?.id)
            let expired = try test.makeAccount(name: "Expired")
            test.clock.advance(bySeconds: 3000)
            for account in [anna, guardian, stranger, exGuardian] {
                XCTAssertEqual(try client.send(.get, "/v1/me", token: account.token).status, .ok)
            }
            test.clock.advance(bySeconds: 3000)
            return Scene(test: test, anna: anna, guardian: guardian, stranger: stranger, exGuardian: exGuardian,
                         revoked: revoked, expired: expired, annaSession: annaSession, linkID: guardianLink)
        }
    }

    private func assertOutsidersAreTurnedAway(_ method: HTTPMethod, _ path: (Scene) -> String) throws {
        let scene = try makeScene()
        let target = path(scene)
        try scene.test.withClient { client in
            for outsider in [scene.stranger, scene.exGuardian] {
                let response = try client.send(method, target, token: outsider.token)
                XCTAssertEqual(response.status, .notFound, "\(outsider.name): \(method) \(target)")
                XCTAssertEqual(response.errorCode, "not_found")
            }
            for unauthenticated in [scene.revoked.token, scene.expired.token, nil] {
                let response = try client.send(method, target, token: unauthenticated)
                XCTAssertEqual(response.status, .unauthorized, "\(method) \(target)")
            }
        }
    }

    func testAvatarIsHiddenFromOutsiders() throws {
        try assertOutsidersAreTurnedAway(.get, { "/v1/accounts/\($0.anna.id)/avatar" })
    }

    func testAnotherAccountsSessionCannotBeEnded() throws {
        try assertOutsidersAreTurnedAway(.delete, { "/v1/me/sessions/\($0.annaSession)" })
    }

    func testOnlyTheTwoSidesMayEndALink() throws {
        try assertOutsidersAreTurnedAway(.delete, { "/v1/links/\($0.linkID)" })
    }

    func testInsidersStillGetThroughAfterOutsidersWereTurnedAway() throws {
        let scene = try makeScene()
        try scene.test.withClient { client in
            XCTAssertEqual(try client.send(.get, "/v1/accounts/\(scene.anna.id)/avatar", token: scene.stranger.token).status,
                           .notFound)
            XCTAssertEqual(try client.send(.get, "/v1/accounts/\(scene.anna.id)/avatar", token: scene.guardian.token).status, .ok)
            XCTAssertEqual(try client.send(.delete, "/v1/links/\(scene.linkID)", token: scene.stranger.token).status, .notFound)
            XCTAssertEqual(try client.send(.delete, "/v1/links/\(scene.linkID)", token: scene.guardian.token).status, .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/accounts/\(scene.anna.id)/avatar", token: scene.guardian.token).status,
                           .notFound)
            XCTAssertEqual(try client.send(.delete, "/v1/me/sessions/\(scene.annaSession)", token: scene.anna.token).status,
                           .noContent)
            XCTAssertEqual(try client.send(.get, "/v1/me", token: scene.anna.token).status, .unauthorized)
        }
    }

    func testUnknownIdsLookLikeHiddenOnes() throws {
        let scene = try makeScene()
        try scene.test.withClient { client in
            let unknown = SecureRandom.identifier()
            for path in ["/v1/accounts/\(unknown)/avatar"] {
                XCTAssertEqual(try client.send(.get, path, token: scene.guardian.token).status, .notFound)
            }
            for path in ["/v1/me/sessions/\(unknown)", "/v1/links/\(unknown)"] {
                XCTAssertEqual(try client.send(.delete, path, token: scene.guardian.token).status, .notFound)
            }
        }
    }
}
