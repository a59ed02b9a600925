import Foundation
import HomewardHTTPTesting
import XCTest

extension HTTPTestClient {
    /// Opens `GET /v1/events` with `token` (resuming after `lastEventID`) and returns the connection
    /// once the hub has registered the stream (its ": connected" comment has arrived).
    func openEventStream(token: String, lastEventID: String? = nil) throws -> HTTPTestConnection {
        let connection = try openConnection(timeoutSeconds: 3)
        var request = "GET /v1/events HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(token)\r\n"
        if let lastEventID { request += "Last-Event-ID: \(lastEventID)\r\n" }
        try connection.send(request + "\r\n")
        let head = try connection.readResponse(omitBody: true)
        XCTAssertEqual(head.status.code, 200)
        XCTAssertEqual(head.headers["Content-Type"], "text/event-stream; charset=utf-8")
        let greeting = String(decoding: try connection.readChunk() ?? [], as: UTF8.self)
        XCTAssertTrue(greeting.contains(": connected"), greeting)
        return connection
    }
}

extension HTTPTestConnection {
    /// One server-sent event of a stream: its id, name and data.
    struct StreamEvent {
        let id: String
        let event: String
        let data: String
    }

    /// Reads chunks until one holds an event (comments and the retry line are skipped); throws
    /// `HTTPTestError.timedOut` when none comes within `timeoutSeconds`.
    func readEvent(timeoutSeconds: Double = 3) throws -> StreamEvent {
        self.timeoutSeconds = timeoutSeconds
        while let chunk = try readChunk() {
            var fields: [String: String] = [:]
            for line in String(decoding: chunk, as: UTF8.self).split(separator: "\n") where !line.hasPrefix(":") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2 { fields[String(parts[0])] = String(parts[1].dropFirst()) }
            }
            if let event = fields["event"], let data = fields["data"], let id = fields["id"] {
                return StreamEvent(id: id, event: event, data: data)
            }
        }
        throw HTTPTestError.connectionClosed
    }
}
