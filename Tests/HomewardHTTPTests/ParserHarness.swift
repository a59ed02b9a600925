import HomewardHTTP
import XCTest

/// Feeds bytes to a fresh parser in chosen slices and records what comes out.
enum ParserHarness {
    /// A parser event reduced to what tests compare.
    enum Outcome: Equatable, CustomStringConvertible {
        case continueExpected
        case request(method: String, target: String, body: String, keepAlive: Bool)
        case failure(status: Int, code: String)
        /// The head of a request whose body is streamed, then its body once complete.
        case streamed(method: String, target: String)
        case streamedBody(String)

        var description: String {
            switch self {
            case let .streamed(method, target): "\(method) \(target) (streamed)"
            case let .streamedBody(body): "streamed body=\(body.debugDescription)"
            case .continueExpected: "100-continue"
            case let .request(method, target, body, keepAlive): "\(method) \(target) body=\(body.debugDescription) keepAlive=\(keepAlive)"
            case let .failure(status, code): "failure \(status) \(code)"
            }
        }
    }

    static let configuration: HTTPServerConfiguration = {
        var configuration = HTTPServerConfiguration()
        configuration.maxRequestLineBytes = 256
        configuration.maxHeaderBytes = 512
        configuration.maxHeaderCount = 8
        configuration.maxBodyBytes = 64
        configuration.maxChunkLineBytes = 64
        return configuration
    }()

    /// Feeds `bytes` in slices ending at `cuts` (ascending offsets); stops at the first failure.
    static func outcomes(
        _ bytes: [UInt8], cuts: [Int], configuration: HTTPServerConfiguration = configuration,
        streamedBodyLimit: (@Sendable (HTTPRequest) -> Int?)? = nil
    ) -> [Outcome] {
        var parser = HTTPRequestParser(configuration: configuration, streamedBodyLimit: streamedBodyLimit)
        var streamedBody: [UInt8] = []
        var buffer = ReadBuffer(capacity: 16)
        var outcomes: [Outcome] = []
        var start = 0
        for end in cuts + [bytes.count] where end > start || end == bytes.count {
            buffer.append(contentsOf: bytes[start..<end])
            start = end
            while let event = parser.parse(&buffer) {
                switch event {
                case .continueExpected:
                    outcomes.append(.continueExpected)
                case .request(let request) where parser.isStreamingBody:
                    streamedBody = []
                    outcomes.append(.streamed(method: request.method.rawValue, target: request.target))
                case .bodyPart(let bytes, let isLast):
                    streamedBody += bytes
                    if isLast { outcomes.append(.streamedBody(String(decoding: streamedBody, as: UTF8.self))) }
                case .request(let request):
                    outcomes.append(.request(
                        method: request.method.rawValue, target: request.target,
                        body: String(decoding: request.body, as: UTF8.self), keepAlive: request.keepAlive
                    ))
                case .failure(let error):
                    outcomes.append(.failure(status: error.status.code, code: error.code))
                    return outcomes
                }
            }
        }
        return outcomes
    }

    /// Outcomes of `text` fed in one piece.
    static func outcomes(_ text: String, configuration: HTTPServerConfiguration = configuration) -> [Outcome] {
        outcomes(Array(text.utf8), cuts: [], configuration: configuration)
    }

    /// Asserts that `text` gives `expected` whole, one byte at a time, and split at every boundary.
    static func assertEverySlicing(_ text: String, gives expected: [Outcome], file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        XCTAssertEqual(outcomes(bytes, cuts: []), expected, "whole", file: file, line: line)
        XCTAssertEqual(
            outcomes(bytes, cuts: Array(0..<bytes.count)).filter { $0 != .continueExpected },
            expected.filter { $0 != .continueExpected }, "byte at a time", file: file, line: line
        )
        for cut in 1..<max(1, bytes.count) {
            let got = outcomes(bytes, cuts: [cut]).filter { $0 != .continueExpected }
            if got != expected.filter({ $0 != .continueExpected }) {
                XCTFail("split at \(cut): \(got)", file: file, line: line)
                return
            }
        }
    }

    /// Asserts that `text` fails with `status` and `code`, also when fed byte by byte.
    static func assertRejected(_ text: String, status: Int, code: String = "invalid_request", file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        let expected = Outcome.failure(status: status, code: code)
        XCTAssertEqual(outcomes(bytes, cuts: []).last, expected, "whole: \(text.debugDescription)", file: file, line: line)
        XCTAssertEqual(outcomes(bytes, cuts: Array(0..<bytes.count)).last, expected, "byte at a time: \(text.debugDescription)", file: file, line: line)
    }
}
