import XCTest
import HomewardPostgres

/// The throwaway PostgreSQL server the tests run against: `HOMEWARD_TEST_POSTGRES_URL`, which
/// `make test` sets after starting one with `.ci/postgres-cluster.sh`. Without it the tests are
/// skipped, unless `HOMEWARD_REQUIRE_POSTGRES` is set (as `make test` does), when they fail.
enum PostgresTestServer {
    static func url() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let url = environment["HOMEWARD_TEST_POSTGRES_URL"], !url.isEmpty { return url }
        if environment["HOMEWARD_REQUIRE_POSTGRES"] != nil {
            XCTFail("HOMEWARD_TEST_POSTGRES_URL is not set, but HOMEWARD_REQUIRE_POSTGRES is")
        }
        throw XCTSkip("no PostgreSQL server: set HOMEWARD_TEST_POSTGRES_URL (make test starts one)")
    }

    static func connect() throws -> PostgresConnection {
        try PostgresConnection(url: url())
    }
}
