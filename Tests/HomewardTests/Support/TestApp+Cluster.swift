@testable import Homeward
import XCTest

extension TestApp {
    /// As `makeOtherNode`, with both nodes' background work started and both relays listening, so
    /// what one node sends the other hears; the caller closes it.
    func makeListeningOtherNode() throws -> HomewardApp {
        let other = try makeOtherNode()
        try app.startBackgroundWork()
        try other.startBackgroundWork()
        let relays = [app.clusterRelay, other.clusterRelay].compactMap { $0 }
        XCTAssertEqual(relays.count, 2)
        XCTAssertTrue(Deadline.waitUntil { relays.allSatisfy(\.isListening) })
        return other
    }
}
