import HomewardHTTP
import HomewardHTTPTesting
import XCTest

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Replays the smuggling and malformed corpora over a socket: each gets its 4xx/5xx and a closed
/// connection, and each is a seed of the parser fuzzer.
final class HostileCorpusTests: XCTestCase {
    func testEverySmugglingAttemptGetsItsErrorAndAClosedConnection() throws {
        try HTTPTestClient.withServer(RawExchange.router(), mode: .live) { client in
            for request in HostileCorpus.smuggling {
                try RawExchange.assertAnswers(request.bytes, statuses: [request.status], closes: true, client: client)
            }
        }
    }

    func testEveryMalformedRequestGetsItsErrorAndAClosedConnection() throws {
        try HTTPTestClient.withServer(RawExchange.router(), mode: .live) { client in
            for request in HostileCorpus.malformed {
                try RawExchange.assertAnswers(request.bytes, statuses: [request.status], closes: true, client: client)
            }
        }
    }

    func testEveryCorpusRequestIsAFuzzSeedWithTheSameBytes() throws {
        let seeds = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/corpus/http-parser")
        for request in HostileCorpus.all {
            let seed = try Data(contentsOf: seeds.appendingPathComponent(request.name))
            XCTAssertEqual(Array(seed), request.bytes, "Tests/Fuzz/corpus/http-parser/\(request.name) differs from HostileCorpus")
        }
    }

    func testCorpusNamesAreUnique() {
        XCTAssertEqual(Set(HostileCorpus.all.map(\.name)).count, HostileCorpus.all.count)
    }
}
