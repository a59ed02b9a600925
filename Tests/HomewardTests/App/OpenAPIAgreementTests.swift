import XCTest
import HomewardHTTP
@testable import Homeward

/// schema/openapi.yaml and the router agree: every route the server serves is described, and every
/// described operation is served.
final class OpenAPIAgreementTests: XCTestCase {
    private static let methods: Set<String> = ["get", "put", "post", "patch", "delete", "head", "options"]

    /// The (method, path) pairs of the document's `paths`, read from its indentation: paths at two
    /// spaces, operations at four.
    private func documentedOperations() -> Set<String> {
        var operations: Set<String> = []
        var inPaths = false
        var path: String?
        for line in Schema.openAPI.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            if inPaths, let first = line.first, first != " ", first != "#" { break }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"), let path {
                let method = line.trimmingCharacters(in: .whitespaces).dropLast()
                if Self.methods.contains(String(method)) { operations.insert("\(method.uppercased()) \(path)") }
            }
        }
        return operations
    }

    func testEveryServedRouteIsDescribedAndEveryDescribedOperationIsServed() throws {
        let test = try TestApp()
        // The web app's hashed assets are files, not operations: their paths change with their content.
        let served = Set(test.app.makeRouter().registeredRoutes
            .filter { !$0.template.hasPrefix(WebAppBundle.assetPrefix) }
            .map { "\($0.method.rawValue) \($0.template)" })
        let documented = documentedOperations()
        XCTAssertGreaterThan(served.count, 40)
        XCTAssertEqual(served.subtracting(documented).sorted(), [], "served but not in openapi.yaml")
        XCTAssertEqual(documented.subtracting(served).sorted(), [], "in openapi.yaml but not served")
    }
}
