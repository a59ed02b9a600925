import Logging
import Synchronization

/// Every record logged through its `logger`, rendered as `level message metadata`, for tests that
/// check what the server logs (access lines, and that no secret is ever logged).
public final class CapturedLog: Sendable {
    private let records = Mutex<[String]>([])

    /// Creates an empty log.
    public init() {}

    /// A logger at `level` that writes into this log.
    public func logger(label: String = "test", level: Logger.Level = .trace) -> Logger {
        Logger(label: label) { _ in Handler(log: self, logLevel: level) }
    }

    /// The records so far, in order.
    public var lines: [String] { records.withLock { $0 } }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level

        init(log: CapturedLog, logLevel: Logger.Level) {
            self.log = log
            self.logLevel = logLevel
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            let rendered = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            log.records.withLock { $0.append("\(event.level) \(event.message)\(rendered)") }
        }
    }
}
