import HomewardHTTP
import XCTest
@testable import Homeward

/// Every route the app serves sits in a group that authenticates its callers, except the public ones
/// named here: a route registered outside a group, and not added to this list on purpose, fails.
final class RouteAuthenticationTests: XCTestCase {
    /// The routes anyone may call, and what guards each instead of a caller's credentials.
    private static let publicRoutes: Set<String> = [
        "GET /healthz", "GET /livez", "GET /readyz", "GET /openapi.yaml",
        "GET /metrics",  // its own token, or a loopback peer (`authorizeMetrics`)
        "POST /v1/accounts", "POST /v1/sessions", "POST /v1/web/session",  // registration and login
        "POST /v1/trips/watch",  // a trip's access code, rate-limited
        "GET /v1/shared/{token}/episodes", "GET /v1/shared/{token}/episodes/about",  // a share link's token
        "GET /v1/shared/{token}/locations",
        "POST /v1/password-reset",  // a reset link's token, a keyed MAC that works once for an hour
        "POST /v1/password-reset/email",  // mails only the account's own addresses, rate-limited
    ]
    /// Routes whose refusal of a caller without credentials is not 401, as their protocol documents.
    private static let refusals: [String: Int] = [
        // Traccar Client's OsmAnd protocol: an unknown device is 400, as Traccar's own server answers.
        "GET /v1/clients/osmand": 400, "POST /v1/clients/osmand": 400,
    ]

    func testEveryRouteButThePublicOnesRefusesARequestWithoutCredentials() throws {
        let test = try TestApp()
        let routes = test.app.makeRouter().registeredRoutes.filter { route in
            !route.template.hasPrefix(WebAppBundle.assetPrefix) && !WebAppBundle.pages.contains { $0.route == route.template }
        }
        let names = Set(routes.map { "\($0.method.rawValue) \($0.template)" })
        XCTAssertEqual(Self.publicRoutes.subtracting(names).sorted(), [], "listed as public but not served")
        let guarded = routes.filter { !Self.publicRoutes.contains("\($0.method.rawValue) \($0.template)") }
        XCTAssertGreaterThan(guarded.count, 40)
        try test.withClient { client in
            for route in guarded {
                let name = "\(route.method.rawValue) \(route.template)"
                let path = route.template.split(separator: "/", omittingEmptySubsequences: false)
                    .map { $0.hasPrefix("{") ? "unknown" : $0 }.joined(separator: "/")
                let response = try client.execute(
                    route.method, path, headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
                XCTAssertEqual(response.status.code, Self.refusals[name] ?? 401, "\(name) answers without credentials: \(response.text)")
            }
        }
    }
}
