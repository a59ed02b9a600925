import Dispatch
import HomewardHTTP
import HomewardHTTPTesting
import XCTest

/// Each lane has threads of its own: work that holds every thread of one lane never delays another.
final class WorkerLaneTests: XCTestCase {
    func testUrgentRequestsAreAnsweredWhileEveryOtherLaneIsHeld() throws {
        let release = DispatchSemaphore(value: 0)
        var router = Router()
        router.post("/urgent", execution: .lane(.urgent)) { _ in .text("urgent") }
        router.post("/hash", execution: .lane(.bulk)) { _ in
            release.wait()
            return .text("hashed")
        }
        router.post("/write") { _ in
            release.wait()
            return .text("written")
        }
        router.get("/read") { _ in
            release.wait()
            return .text("read")
        }
        var configuration = HTTPServerConfiguration.testing
        configuration.workerCount = 1
        configuration.readWorkerCount = 1
        configuration.bulkWorkerCount = 1
        configuration.urgentWorkerCount = 1
        try HTTPTestClient.withServer(router, mode: .live, configuration: configuration) { client in
            var held: [HTTPTestConnection] = []
            for (method, path) in [("POST", "/hash"), ("POST", "/hash"), ("POST", "/write"), ("POST", "/write"), ("GET", "/read")] {
                let connection = try client.openConnection(timeoutSeconds: 5)
                try connection.send("\(method) \(path) HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
                held.append(connection)
            }
            let urgent = try client.openConnection(timeoutSeconds: 5)
            try urgent.send("POST /urgent HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
            XCTAssertEqual(try urgent.readResponse().text, "urgent", "answered while the others still wait")
            for _ in held { release.signal() }
            let answers = try held.map { try $0.readResponse().text }
            XCTAssertEqual(answers, ["hashed", "hashed", "written", "written", "read"])
        }
    }

    func testARouteThatChoosesItsLanePutsAnUrgentRequestOnTheUrgentLaneAndTheRestOnTheirMethods() throws {
        let release = DispatchSemaphore(value: 0)
        var router = Router()
        router.post("/messages", execution: .laneWhen { $0.query.contains("alarm=sos") ? .urgent : nil }) { context in
            if context.request.query.contains("alarm=sos") { return .text("sos") }
            release.wait()
            return .text("fix")
        }
        var configuration = HTTPServerConfiguration.testing
        configuration.workerCount = 1
        configuration.urgentWorkerCount = 1
        try HTTPTestClient.withServer(router, mode: .live, configuration: configuration) { client in
            var held: [HTTPTestConnection] = []
            for _ in 0..<2 {
                let connection = try client.openConnection(timeoutSeconds: 5)
                try connection.send("POST /messages?lat=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
                held.append(connection)
            }
            let sos = try client.openConnection(timeoutSeconds: 5)
            try sos.send("POST /messages?alarm=sos HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
            XCTAssertEqual(try sos.readResponse().text, "sos", "answered while the writes lane is held")
            for _ in held { release.signal() }
            XCTAssertEqual(try held.map { try $0.readResponse().text }, ["fix", "fix"])
        }
    }
}
